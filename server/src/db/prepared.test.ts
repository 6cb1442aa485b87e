import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  addRatings,
  createArtist,
  createRelease,
  createUsers,
} from '../../test/catalogue-factories';
import { selectEntryBundles } from '../features/entries/queries';
import { entries } from './schema/entries';
import { users } from './schema/users';
import { Binder, executeNamed, ShapedStatements, shapeAndValues } from './prepared';
import { sameTurnRuns } from '../lib/same-turn';
import { withRowsShapedOnce } from './row-shaper';
import { bindPage, pageLimit } from './page-bounds';
import { resultRows } from './rows';
import { PgDialect } from 'drizzle-orm/pg-core';

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

  it('knows a reader’s id is bound, and keeps knowing it as it is extended', () => {
    const b = new Binder();
    b.bind('userId', 'a');
    expect(b.forOneReader).toBe(false);
    b.bindReader('reader', 'r');
    expect(new Binder(b).forOneReader).toBe(true);
    expect(b.values).toEqual({ userId: 'a', reader: 'r' });
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
  it('shares one run among the same asks of one turn, and not across turns, values, readers or transactions', async () => {
    // Each run of the statement takes the sequence's next value, so runs are counted by what they read.
    await t.db.execute(sql`create sequence shaped_runs`);
    const statements = new ShapedStatements<{ run: number; id: string; username: string }[]>(
      'test_runs',
    );
    const runOf = (db: typeof t.db, id: string, reader?: string) => {
      const b = new Binder();
      const asked = b.bind('id', id);
      if (reader) b.bindReader('reader', reader);
      return statements.run(db, b, () =>
        db
          .select({
            run: sql<number>`nextval('shaped_runs')`.mapWith(Number),
            id: users.id,
            username: users.username,
          })
          .from(users)
          .where(eq(users.id, asked)),
      );
    };
    const [person, other] = await createUsers(t.db, 2);
    const together = await Promise.all([
      runOf(t.db, person!.id),
      runOf(t.db, person!.id),
      runOf(t.db, other!.id),
    ]);
    expect(together[0]).toEqual(together[1]);
    expect(together[0]![0]!.id).toBe(person!.id);
    expect(together[2]![0]!.run).not.toBe(together[0]![0]!.run);
    // Each ask has its own array: one reversing or emptying its rows leaves the other's whole.
    expect(together[0]).not.toBe(together[1]);
    together[0]!.length = 0;
    expect(together[1]).toHaveLength(1);

    const [first] = await runOf(t.db, person!.id);
    const [next] = await runOf(t.db, person!.id);
    expect(next!.run).toBeGreaterThan(first!.run);
    expect(first!.run).toBeGreaterThan(together[1]![0]!.run);

    // An ask made once a run has started gets a run of its own, which reads what was written since.
    const started = runOf(t.db, person!.id);
    await new Promise((resolve) => setImmediate(resolve));
    const renamed = `${person!.username}-renamed`;
    await t.db.update(users).set({ username: renamed }).where(eq(users.id, person!.id));
    const [late] = await runOf(t.db, person!.id);
    expect(late!.username).toBe(renamed);
    expect(late!.run).toBeGreaterThan((await started)[0]!.run);

    // A statement bound to its reader is that reader's alone: never shared, even by the same asks.
    const [mine, again] = await Promise.all([
      runOf(t.db, person!.id, other!.id),
      runOf(t.db, person!.id, other!.id),
    ]);
    expect(again![0]!.run).not.toBe(mine![0]!.run);

    // A transaction's runs are its own, on its connection.
    const inTransaction = await t.db.transaction(async (tx) =>
      Promise.all([
        runOf(tx as unknown as typeof t.db, person!.id),
        runOf(tx as unknown as typeof t.db, person!.id),
      ]),
    );
    expect(inTransaction[1]![0]!.run).not.toBe(inTransaction[0]![0]!.run);
  });
});

describe('sameTurnRuns', () => {
  it('fails every ask of a run whose statement throws as it is sent, as a rejection', async () => {
    const asked = new Map<string, Promise<number[]>>();
    let sent = 0;
    const failing = () => {
      sent += 1;
      throw new Error('not sent');
    };
    const runs = [sameTurnRuns(asked, 'k', failing), sameTurnRuns(asked, 'k', failing)];
    for (const run of runs) await expect(run).rejects.toThrow('not sent');
    expect(sent).toBe(1);
    expect(asked.size).toBe(0);
    await expect(sameTurnRuns(asked, 'k', async () => [1, 2])).resolves.toEqual([1, 2]);
  });
});

describe('shapeAndValues', () => {
  const dialect = new PgDialect();
  const statementFor = (username: string, limit: number, withFollowers: boolean) =>
    sql`select ${users.id} from ${users} where ${users.username} like ${`${username}%`}
      ${withFollowers ? sql`and ${users.followersCount} > ${0}` : sql``}
      and ${sql.raw('true')} limit ${sql.param(limit)}`;

  it('reads the values Drizzle would bind, in its order, and one shape for one text', () => {
    for (const [name, limit, withFollowers] of [
      ['ada', 5, false],
      ['bo', 10, true],
    ] as const) {
      const statement = statementFor(name, limit, withFollowers);
      expect(shapeAndValues(statement)!.values).toEqual(dialect.sqlToQuery(statement).params);
    }
    const shape = (...a: Parameters<typeof statementFor>) =>
      shapeAndValues(statementFor(...a))!.shape;
    expect(shape('ada', 5, false)).toBe(shape('bo', 10, false));
    expect(shape('ada', 5, false)).not.toBe(shape('ada', 5, true));
    // Another table in the same place is another shape.
    const other = sql`select 1 from ${entries} where true`;
    expect(shapeAndValues(other)!.shape).not.toBe(
      shapeAndValues(sql`select 1 from ${users} where true`)!.shape,
    );
  });

  it('leaves to Drizzle what it does not follow: inlined values and placeholders', () => {
    expect(shapeAndValues(sql`select ${sql.placeholder('x')}`)).toBeUndefined();
    expect(shapeAndValues(sql`select ${new Date(0)}`)).toBeUndefined();
    expect(shapeAndValues(sql`select 1`.inlineParams())).toBeUndefined();
  });
});

describe('executeNamed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('runs each shape with its own call’s values once its text is kept', async () => {
    const people = await createUsers(t.db, 3);
    const named = async (username: string) =>
      resultRows<{ id: string }>(
        await executeNamed(
          t.db,
          'test_named',
          sql`select ${users.id} as id from ${users} where ${users.username} = ${username}`,
        ),
      );
    for (const person of [...people, ...people]) {
      expect(await named(person.username)).toEqual([{ id: person.id }]);
    }
    expect(await named('nobody')).toEqual([]);
  });
});

describe('withRowsShapedOnce', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  it('shapes a prepared select’s rows as Drizzle does, nested objects, times and JSON included', async () => {
    const artist = await createArtist(t.db, { name: 'Tessaly Orme', nameLatin: 'Tessaly' });
    const release = await createRelease(t.db, { title: 'Saltmarsh', artists: [artist] });
    await addRatings(t.db, release, [64, 91]);
    await t.db
      .update(entries)
      .set({ review: 'Brine and organ.' })
      .where(and(eq(entries.releaseId, release.id), eq(entries.rating, 91)));
    const query = () =>
      selectEntryBundles(t.db)
        .where(eq(entries.releaseId, sql.placeholder('releaseId')))
        .orderBy(entries.rating);
    const prepared = withRowsShapedOnce(query().prepare('test_shaped_bundles'));
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toEqual(
      expect.any(Function),
    );
    const shaped = await prepared.execute({ releaseId: release.id });
    // Drizzle's own mapping of the same statement, row by row.
    const mapped = await query().execute({ releaseId: release.id });
    expect(shaped).toEqual(mapped);
    expect(shaped).toHaveLength(2);
    expect(shaped[1]!.entry.review).toBe('Brine and organ.');
    expect(shaped[0]!.entry.review).toBeNull();
    expect(shaped[0]!.entry.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(shaped[0]!.release.artistCredits).toEqual([
      { id: artist.id, name: 'Tessaly Orme', nameLatin: 'Tessaly' },
    ]);
    // An entry without tags reads null (the API shape makes it an empty list).
    expect(shaped[0]!.tags).toBeNull();
  });

  it('writes any field name, nested objects and decoded values as Drizzle does', async () => {
    const [person] = await createUsers(t.db, 1);
    const query = () =>
      t.db
        .select({
          'it\'s "odd"\\': users.username,
          owner: { id: users.id, 'na-me': users.name },
          constructor: sql<number>`2`.mapWith(Number),
          count: sql<number>`41`.mapWith((v: string) => Number(v) + 1),
          nothing: sql<string | null>`null`,
        })
        .from(users)
        .where(eq(users.id, sql.placeholder('id')));
    const prepared = withRowsShapedOnce(query().prepare('test_odd_names'));
    const shaped = await prepared.execute({ id: person!.id });
    expect(shaped).toEqual(await query().execute({ id: person!.id }));
    expect(shaped).toEqual([
      {
        'it\'s "odd"\\': person!.username,
        owner: { id: person!.id, 'na-me': person!.name },
        constructor: 2,
        count: 42,
        nothing: null,
      },
    ]);
    expect(Object.keys(shaped[0]!)).toEqual([
      'it\'s "odd"\\',
      'owner',
      'constructor',
      'count',
      'nothing',
    ]);
  });

  it('shapes an outer join’s missing rows as Drizzle does: null objects of one table', async () => {
    const [lonely] = await createUsers(t.db, 1);
    const release = await createRelease(t.db, { title: 'Tidewater' });
    await addRatings(t.db, release, [55]);
    const [{ userId }] = (await t.db
      .select({ userId: entries.userId })
      .from(entries)
      .where(eq(entries.releaseId, release.id))) as [{ userId: string }];
    const [rater] = await t.db.select().from(users).where(eq(users.id, userId));
    const query = () => {
      const theirs = t.db
        .select({ id: entries.id, rating: entries.rating, userId: entries.userId })
        .from(entries)
        .where(eq(entries.userId, users.id))
        .as('theirs');
      return t.db
        .select({
          id: users.id,
          entry: { id: entries.id, rating: entries.rating },
          // Columns of two tables: Drizzle never turns the object to null.
          mixed: { entryId: entries.id, name: users.name },
          lateral: { ...theirs._.selectedFields },
          // Not a column: never turned to null either.
          computed: { n: sql<number | null>`${entries.rating} + 1`.mapWith(Number) },
        })
        .from(users)
        .leftJoin(entries, eq(entries.userId, users.id))
        .leftJoinLateral(theirs, sql`true`)
        .where(eq(users.id, sql.placeholder('id')));
    };
    const prepared = withRowsShapedOnce(query().prepare('test_outer_join'));
    expect((prepared as unknown as { customResultMapper?: unknown }).customResultMapper).toEqual(
      expect.any(Function),
    );
    for (const person of [lonely!, rater!]) {
      expect(await prepared.execute({ id: person.id })).toEqual(
        await query().execute({ id: person.id }),
      );
    }
    expect(await prepared.execute({ id: lonely!.id })).toEqual([
      {
        id: lonely!.id,
        entry: null,
        mixed: { entryId: null, name: lonely!.name },
        lateral: null,
        computed: { n: null },
      },
    ]);
    const [row] = await prepared.execute({ id: rater!.id });
    expect(row!.entry).toEqual({ id: expect.any(String), rating: 55 });
    expect(row!.lateral).toEqual({ id: row!.entry!.id, rating: 55, userId: rater!.id });
  });
});
