import { describe, expect, it } from 'vitest';
import { withFields } from './objects';

describe('withFields', () => {
  it('makes a copy of the base with the fields set, the fields winning', () => {
    const base = { id: 'a', title: 'Old', stats: { n: 1 } };
    const out = withFields(base, { title: 'New', extra: true });
    expect(out).toEqual({ id: 'a', title: 'New', stats: { n: 1 }, extra: true });
    expect(Object.keys(out)).toEqual(['id', 'title', 'stats', 'extra']);
    expect(out.stats).toBe(base.stats);
  });

  it('leaves the base and the fields as they were', () => {
    const base = { id: 'a', title: 'Old' };
    const fields = { title: 'New' };
    const out = withFields(base, fields);
    expect(base).toEqual({ id: 'a', title: 'Old' });
    expect(out).not.toBe(base);
    expect(out).not.toBe(fields);
  });
});
