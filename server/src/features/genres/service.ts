import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Genre, GenreRef } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { genreParents, genres } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { isVisible, visibleById, visibleCatalogueAlias } from '../../db/visibility';
import { toGenre, type GenreRow } from './present';

export const GENRE_NOT_FOUND = 'Genre not found';

export const findVisibleGenre = visibleById(genres, 'visible_genre');

export async function requireVisibleGenre(db: DbOrTx, id: string): Promise<GenreRow> {
  const row = await findVisibleGenre(db, id);
  if (!row) throw notFound(GENRE_NOT_FOUND);
  return row;
}

type Refs = GenreRef[];

/**
 * The visible genres linked to the genre of the row (its parents, or its
 * sub-genres) as a JSON array of references, by name.
 */
function linkedGenres(from: 'parents' | 'children'): SQL<Refs> {
  // Qualified by hand: in a select of one table, Drizzle writes its columns unqualified.
  const outerGenreId = sql`${sql.identifier('genres')}.${sql.identifier('id')}`;
  const [linked, own] = from === 'parents' ? ['parent_id', 'genre_id'] : ['genre_id', 'parent_id'];
  return sql<Refs>`coalesce((select json_agg(json_build_object('id', linked.id, 'name', linked.name)
      order by linked.name, linked.id)
    from ${genreParents} link join ${genres} linked on linked.id = link.${sql.raw(linked)}
    where link.${sql.raw(own)} = ${outerGenreId} and ${visibleCatalogueAlias('linked')}), '[]'::json)`;
}

/** A visible genre with its parents and sub-genres, in one statement. */
const genreWithLinks = preparedPer((db) =>
  db
    .select({
      ...getTableColumns(genres),
      parents: linkedGenres('parents'),
      children: linkedGenres('children'),
    })
    .from(genres)
    .where(and(eq(genres.id, sql.placeholder('id')), isVisible(genres)))
    .prepare('genre_with_links'),
);

/** A genre with its parent genres and sub-genres, each by name. */
export async function getGenre(db: DbOrTx, id: string): Promise<Genre> {
  const [row] = await genreWithLinks(db).execute({ id });
  if (!row) throw notFound(GENRE_NOT_FOUND);
  const { parents, children, ...genre } = row;
  return toGenre(genre, parents, children);
}
