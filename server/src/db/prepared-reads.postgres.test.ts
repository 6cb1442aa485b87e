import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres, type Database } from './client';

const rows = (result: unknown) =>
  (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
    string,
    unknown
  >[];

describe('prepared reads on PostgreSQL', () => {
  let database: Database;
  beforeAll(() => {
    // One connection, so every statement below shares its prepared statements.
    database = openPostgres(inject('postgresTemplate').url, { max: 1 });
  });
  afterAll(async () => database?.close());

  const prepared = async () =>
    rows(
      await database.db.execute(
        sql`select name, statement from pg_prepared_statements order by statement`,
      ),
    );

  it('prepares each distinct SELECT once per connection, and nothing else', async () => {
    for (const n of [1, 2, 3]) {
      const [row] = rows(await database.db.execute(sql`select ${n}::int + 1 as next`));
      expect(row).toEqual({ next: n + 1 });
    }
    await database.db.execute(sql`set local statement_timeout = 0`);
    const statements = (await prepared()).map((r) => String(r.statement));
    expect(statements.filter((s) => s.includes('+ 1 as next'))).toHaveLength(1);
    expect(statements.some((s) => s.includes('statement_timeout'))).toBe(false);
  });
});
