import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { genreParents, genres } from '../../db/schema/catalogue';

/**
 * Whether giving `genreId` these parents would make a genre its own
 * ancestor: true when a parent is the genre itself or one of its
 * descendants. The walk down uses `union`, so it ends even on data that
 * already holds a cycle.
 */
export async function wouldCreateCycle(
  db: DbOrTx,
  genreId: string,
  parentIds: readonly string[],
): Promise<boolean> {
  if (parentIds.length === 0) return false;
  if (parentIds.includes(genreId)) return true;
  const candidates = sql.join(
    parentIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // A genre that does not exist yet has no descendants: no row, no cycle.
  const [row] = await db
    .select({
      cycle: sql<boolean>`exists (
        with recursive descendants(id) as (
          select gp.genre_id from ${genreParents} gp where gp.parent_id = ${genres.id}
          union
          select gp.genre_id from ${genreParents} gp join descendants d on gp.parent_id = d.id
        )
        select 1 from descendants where id in (${candidates}))`,
    })
    .from(genres)
    .where(eq(genres.id, genreId));
  return row?.cycle === true;
}
