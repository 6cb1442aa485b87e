import { and, asc, eq, sql } from 'drizzle-orm';
import type { Genre } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { genreParents, genres } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { isVisible, visibleById } from '../../db/visibility';
import { toGenre, type GenreRow } from './present';

export const GENRE_NOT_FOUND = 'Genre not found';

export const findVisibleGenre = visibleById(genres, 'visible_genre');

export async function requireVisibleGenre(db: DbOrTx, id: string): Promise<GenreRow> {
  const row = await findVisibleGenre(db, id);
  if (!row) throw notFound(GENRE_NOT_FOUND);
  return row;
}

/** The visible genres linked to a genre, by name: its parents, or its sub-genres. */
function linkedGenres(name: string, from: 'parents' | 'children') {
  const [linked, own] =
    from === 'parents'
      ? [genreParents.parentId, genreParents.genreId]
      : [genreParents.genreId, genreParents.parentId];
  return preparedPer((db) =>
    db
      .select({ id: genres.id, name: genres.name })
      .from(genreParents)
      .innerJoin(genres, eq(genres.id, linked))
      .where(and(eq(own, sql.placeholder('id')), isVisible(genres)))
      .orderBy(asc(genres.name))
      .prepare(name),
  );
}

const parentGenres = linkedGenres('genre_parents', 'parents');
const childGenres = linkedGenres('genre_children', 'children');

/** A genre with its parent genres and sub-genres, each by name. */
export async function getGenre(db: DbOrTx, id: string): Promise<Genre> {
  const row = await requireVisibleGenre(db, id);
  const [parents, children] = await Promise.all([
    parentGenres(db).execute({ id }),
    childGenres(db).execute({ id }),
  ]);
  return toGenre(row, parents, children);
}
