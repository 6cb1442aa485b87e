import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './timestamps';

describe('isoTimestamp', () => {
  it('writes what Date.toISOString writes, from the text PostgreSQL sends', () => {
    const texts = [
      '2026-12-01 16:00:56.577123+00',
      '2026-12-01 16:00:56.5+00',
      '2026-12-01 16:00:56.57+00',
      '2026-12-01 16:00:56.999999+00',
      '2026-12-01 16:00:56+00',
      '1999-01-31 00:00:00.000001+00',
      // Another session time zone, and a half-hour one: through Date.
      '2026-12-01 17:00:56.123+01',
      '2026-12-01 21:30:56.123+05:30',
    ];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    expect(isoTimestamp('2026-12-01 16:00:56.577123+00')).toBe('2026-12-01T16:00:56.577Z');
    expect(isoTimestamp('2026-12-01 17:00:56.123+01')).toBe('2026-12-01T16:00:56.123Z');
  });
});
