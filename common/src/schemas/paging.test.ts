import { describe, expect, it } from 'vitest';
import { entriesQuerySchema, releasesQuerySchema } from '../index';
import { decodeCursor, encodeCursor, maxPageFor } from './paging';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues.map((i) => i.message) ?? [];

describe('paging of the list queries', () => {
  it('reaches the first 10,000 items by page number, whatever the page size', () => {
    expect([maxPageFor(1), maxPageFor(24), maxPageFor(48), maxPageFor(100)]).toEqual([
      10_000, 417, 209, 100,
    ]);
    expect(releasesQuerySchema.safeParse({ page: '209' }).success).toBe(true);
    expect(messages(releasesQuerySchema.safeParse({ page: '210' }))).toEqual([
      'page must not be greater than 209 with pageSize 48; read further with cursor',
    ]);
  });

  it('gives one message per mistake', () => {
    expect(messages(entriesQuerySchema.safeParse({ page: '10001', pageSize: '1' }))).toEqual([
      'page must not be greater than 10000',
    ]);
    expect(messages(entriesQuerySchema.safeParse({ page: '50', pageSize: '500' }))).toEqual([
      'pageSize must not be greater than 100',
    ]);
    expect(messages(entriesQuerySchema.safeParse({ cursor: '' }))).toEqual([
      'cursor must be longer than or equal to 1 characters',
    ]);
  });
});

describe('cursors', () => {
  it('read back what was written, and nothing else', () => {
    const state = { s: 'top', k: ['71.25', null, 'Ab_-9'], n: 960, t: 12_345 };
    const token = encodeCursor(state);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token)).toEqual(state);
    for (const bad of ['', '!!!', 'e30', token.slice(1), encodeCursor({ ...state, n: -1 })]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });
});
