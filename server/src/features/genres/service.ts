import { and, asc, eq } from 'drizzle-orm';
import type { Genre } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { genreParents, genres } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { isVisible } from '../../db/visibility';
import { toGenre, type GenreRow } from './present';

export const GENRE_NOT_FOUND = 'Genre not found';

export async function findVisibleGenre(db: DbOrTx, id: string): Promise<GenreRow | null> {
  const [row] = await db
    .select()
    .from(genres)
    .where(and(eq(genres.id, id), isVisible(genres)))
    .limit(1);
  return row ?? null;
}

export async function requireVisibleGenre(db: DbOrTx, id: string): Promise<GenreRow> {
  const row = await findVisibleGenre(db, id);
  if (!row) throw notFound(GENRE_NOT_FOUND);
  return row;
}

/** A genre with its parent genres and sub-genres, each by name. */
export async function getGenre(db: DbOrTx, id: string): Promise<Genre> {
  const row = await requireVisibleGenre(db, id);
  const ref = { id: genres.id, name: genres.name };
  const [parents, children] = await Promise.all([
    db
      .select(ref)
      .from(genreParents)
      .innerJoin(genres, eq(genres.id, genreParents.parentId))
      .where(and(eq(genreParents.genreId, id), isVisible(genres)))
      .orderBy(asc(genres.name)),
    db
      .select(ref)
      .from(genreParents)
      .innerJoin(genres, eq(genres.id, genreParents.genreId))
      .where(and(eq(genreParents.parentId, id), isVisible(genres)))
      .orderBy(asc(genres.name)),
  ]);
  return toGenre(row, parents, children);
}
