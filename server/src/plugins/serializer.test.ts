import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseWriter } from './serializer';

const shape = z.object({
  id: z.string(),
  at: z.string(),
  maybe: z.string().nullable(),
  later: z.number().optional(),
  kind: z.union([
    z.object({ type: z.literal('a'), a: z.number() }),
    z.object({ type: z.literal('b'), b: z.string().nullable() }),
  ]),
  counts: z.record(z.string(), z.number()),
  list: z.array(z.object({ n: z.number().int() })),
});

describe('the compiled response writer', () => {
  it('writes what zod writes: nullable, optional, unions, records, and no unknown fields', () => {
    const write = responseWriter(shape, true);
    const value = {
      id: 'x',
      at: '2026-01-02T03:04:05.000Z',
      maybe: null,
      kind: { type: 'b', b: null, secret: 'no' },
      counts: { one: 1, two: 2 },
      list: [{ n: 3, hidden: true }],
      passwordHash: 'never',
    };
    const written = JSON.parse(write(value)) as Record<string, unknown>;
    expect(written).toEqual({
      id: 'x',
      at: '2026-01-02T03:04:05.000Z',
      maybe: null,
      kind: { type: 'b', b: null },
      counts: { one: 1, two: 2 },
      list: [{ n: 3 }],
    });
    expect(responseWriter(shape, false)(value)).toBe(write(value));
  });

  it('still refuses, under tests, a value that does not fit the schema', () => {
    expect(() => responseWriter(shape, true)({ id: 1 })).toThrow();
  });
});
