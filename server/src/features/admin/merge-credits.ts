/**
 * What merging one artist (or label) into another moves: the release
 * credits. A release crediting both keeps the target's credit and closes
 * the gap the source's leaves, so credit positions stay 0..n-1.
 */
import { sql } from 'drizzle-orm';
import type { ImpactLine } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { idList, idsOf, inOrder, line } from './merge-sql';

export type CreditedKind = 'artist' | 'label';

const CREDITS = {
  artist: { table: sql.raw('release_artists'), column: sql.raw('artist_id') },
  label: { table: sql.raw('release_labels'), column: sql.raw('label_id') },
} as const;

const alsoCreditsTarget = (kind: CreditedKind, into: string) => {
  const { table, column } = CREDITS[kind];
  return sql`exists (select 1 from ${table} x where x.release_id = c.release_id and x.${column} = ${into})`;
};

/** What merging `from` into `into` would move. */
export function creditMoves(
  db: DbOrTx,
  kind: CreditedKind,
  from: string,
  into: string,
): Promise<ImpactLine[]> {
  const { table, column } = CREDITS[kind];
  return inOrder([
    line(
      db,
      'releases',
      'Releases credited',
      sql`
      select count(*) as n from ${table} c where c.${column} = ${from}
        and not ${alsoCreditsTarget(kind, into)}`,
    ),
    line(
      db,
      'sharedReleases',
      'Releases crediting both (the target’s credit is kept)',
      sql`
      select count(*) as n from ${table} c where c.${column} = ${from}
        and ${alsoCreditsTarget(kind, into)}`,
    ),
  ]);
}

/** Moves the credits of `from` to `into`; answers the releases whose credits changed. */
export async function moveCredits(
  db: DbOrTx,
  kind: CreditedKind,
  from: string,
  into: string,
): Promise<string[]> {
  const { table, column } = CREDITS[kind];
  const doubled = await idsOf(
    db,
    sql`
    delete from ${table} c where c.${column} = ${from} and ${alsoCreditsTarget(kind, into)}
    returning c.release_id as id`,
  );
  const moved = await idsOf(
    db,
    sql`
    update ${table} set ${column} = ${into} where ${column} = ${from} returning release_id as id`,
  );
  if (doubled.length > 0) {
    await db.execute(sql`
      update ${table} c set position = (r.n - 1)::int from (
        select release_id, ${column} as credited,
          row_number() over (partition by release_id order by position, ${column}) n
        from ${table} where release_id in (${idList(doubled)})) r
      where c.release_id = r.release_id and c.${column} = r.credited and c.position <> r.n - 1`);
  }
  return [...new Set([...doubled, ...moved])];
}
