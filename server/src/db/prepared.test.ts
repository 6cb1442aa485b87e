import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createUsers } from '../../test/catalogue-factories';
import { users } from './schema/users';
import { Binder, bindPage, pageLimit, ShapedStatements } from './prepared';

describe('Binder', () => {
  it('gives one shape to statements that differ only in their values', () => {
    const shapeOf = (userId: string, withReview: boolean) => {
      const b = new Binder();
      b.mark('EntryDate');
      b.bind('userId', userId);
      if (withReview) b.mark('withReview');
      return b;
    };
    expect(shapeOf('a', false).shape).toBe(shapeOf('b', false).shape);
    expect(shapeOf('a', false).shape).not.toBe(shapeOf('a', true).shape);
    expect(shapeOf('a', false).values).toEqual({ userId: 'a' });
  });

  it('extends a binder without changing it, and refuses a name bound twice', () => {
    const b = new Binder();
    b.bind('userId', 'a');
    const r = new Binder(b);
    r.bind('limit', 3);
    expect(b.values).toEqual({ userId: 'a' });
    expect(r.values).toEqual({ userId: 'a', limit: 3 });
    expect(r.shape).not.toBe(b.shape);
    expect(() => r.bind('userId', 'b')).toThrow(/bound twice/);
  });
});

describe('pageLimit', () => {
  it('writes a whole number into the text and refuses anything else', async () => {
    for (const bad of [-1, 1.5, Number.NaN]) expect(() => pageLimit(bad), String(bad)).toThrow();
    const t = await buildTestApp();
    try {
      const rows = await t.db.select({ id: users.id }).from(users).limit(pageLimit(0));
      expect(rows).toEqual([]);
      const query = t.db.select({ id: users.id }).from(users).limit(pageLimit(24)).toSQL();
      expect(query.sql).toMatch(/ limit 24$/);
      expect(query.params).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('bindPage', () => {
  it('gives first, numbered and cursor pages shapes of their own, and binds only values', () => {
    const shapeOf = (limit: number, offset: number, after?: unknown[]) => {
      const b = new Binder();
      const bounds = bindPage(b, limit, offset, after);
      return { shape: b.shape, values: b.values, bounds };
    };
    const first = shapeOf(24, 0);
    expect(first.values).toEqual({});
    expect(first.bounds.offset).toBe(0);
    expect(first.bounds.after).toBeUndefined();
    const third = shapeOf(24, 48);
    expect(third.values).toEqual({ offset: 48 });
    expect(third.shape).not.toBe(first.shape);
    // The offset's value is not in the shape: every numbered page shares one.
    expect(shapeOf(24, 960).shape).toBe(third.shape);
    expect(shapeOf(48, 48).shape).not.toBe(third.shape);
    const cursor = shapeOf(24, 0, ['2020-01-01', 'abc']);
    expect(cursor.values).toEqual({ after0: '2020-01-01', after1: 'abc' });
    expect(cursor.bounds.after).toHaveLength(2);
    expect(shapeOf(24, 0, ['1999-05-05', 'def']).shape).toBe(cursor.shape);
    // A null key value is written, not bound, so it changes the shape.
    const nulled = shapeOf(24, 0, [null, 'abc']);
    expect(nulled.values).toEqual({ after1: 'abc' });
    expect(nulled.bounds.after?.[0]).toBeNull();
    expect(nulled.shape).not.toBe(cursor.shape);
  });
});

describe('ShapedStatements', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('builds a shape once and runs it with each call’s values', async () => {
    const people = await createUsers(t.db, 3);
    const statements = new ShapedStatements<{ username: string }[]>('test_user');
    let made = 0;
    const usernameOf = (id: string) => {
      const b = new Binder();
      const user = b.bind('id', id);
      return statements.run(t.db, b, () => {
        made += 1;
        return t.db.select({ username: users.username }).from(users).where(eq(users.id, user));
      });
    };
    for (const person of [...people, ...people]) {
      expect(await usernameOf(person.id)).toEqual([{ username: person.username }]);
    }
    expect(made).toBe(1);
    expect(await usernameOf('nobody')).toEqual([]);
    expect(made).toBe(1);
  });
});
