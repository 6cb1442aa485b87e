import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  CommentTargetKind,
  GENRE_SUBMISSION_VOTES_TO_DECIDE,
  genreSubmissionSchema,
  type GenreSnapshot,
  type GenreSubmission,
} from '@earmark/common';
import { genreParents, genres, releaseGenreVotes } from '../../../db/schema/catalogue';
import { catalogueTags } from '../../../lib/cache-tags';
import { badRequest, conflict } from '../../../lib/errors';
import { GENRE_NOT_FOUND, findVisibleGenre } from '../../genres/service';
import { wouldCreateCycle } from '../../genres/hierarchy';
import { counted, resolveNamed, type SubmissionKindSpec } from './kind';
import type { DbOrTx } from '../../../db/client';

export const GENRE_CYCLE_MESSAGE =
  'A genre cannot be its own parent or the parent of its ancestors';

export const genreNameTaken = (name: string) => `A genre named "${name}" already exists`;
/** When two submissions take a name at once, the unique index answers without the name. */
export const GENRE_NAME_TAKEN = 'A genre with this name already exists';

/** 409 when another genre has the name, whatever its case (genres_name_lower_key). */
async function requireFreeName(db: DbOrTx, name: string, id: string): Promise<void> {
  const [taken] = await db
    .select({ id: genres.id })
    .from(genres)
    .where(and(sql`lower(${genres.name}) = lower(${name})`, ne(genres.id, id)))
    .limit(1);
  if (taken) throw conflict(genreNameTaken(name));
}

export const genreKind: SubmissionKindSpec<GenreSubmission, GenreSnapshot> = {
  kind: 'genre',
  schema: genreSubmissionSchema,
  table: genres,
  notFound: GENRE_NOT_FOUND,
  threadKind: CommentTargetKind.GENRE_SUBMISSION,
  votesToDecide: GENRE_SUBMISSION_VOTES_TO_DECIDE,
  createWaitsForVotes: true,

  async readSnapshot(db, id) {
    const row = await findVisibleGenre(db, id);
    if (!row) return null;
    const parents = await db
      .select({ id: genres.id, name: genres.name })
      .from(genreParents)
      .innerJoin(genres, eq(genres.id, genreParents.parentId))
      .where(eq(genreParents.genreId, id))
      .orderBy(asc(genres.name));
    return { name: row.name, bio: row.bio, parents };
  },

  async buildSnapshot(db, payload, { entityId, current }) {
    const now = current as GenreSnapshot | null;
    const parentIds = payload.parentIds ?? now?.parents.map((p) => p.id) ?? [];
    const parents = await resolveNamed(db, genres, parentIds, 'genre');
    if (await wouldCreateCycle(db, entityId, parentIds)) throw badRequest(GENRE_CYCLE_MESSAGE);
    await requireFreeName(db, payload.title, entityId);
    return {
      name: payload.title,
      bio: payload.description === undefined ? (now?.bio ?? null) : payload.description,
      parents,
    };
  },

  async apply(uow, snap, { entityId, previous }) {
    const { tx } = uow;
    // Checked again: another genre may have taken the name while this one waited for votes.
    await requireFreeName(tx, snap.name, entityId);
    if (previous) {
      await tx
        .update(genres)
        .set({ name: snap.name, bio: snap.bio, updatedAt: sql`now()` })
        .where(eq(genres.id, entityId));
      await tx.delete(genreParents).where(eq(genreParents.genreId, entityId));
    } else {
      await tx.insert(genres).values({ id: entityId, name: snap.name, bio: snap.bio });
    }
    if (snap.parents.length > 0) {
      await tx
        .insert(genreParents)
        .values(snap.parents.map((p) => ({ genreId: entityId, parentId: p.id })));
    }
    const before = (previous as GenreSnapshot | null)?.parents ?? [];
    // The genre's page, and its parents' pages that list it as a sub-genre.
    uow.invalidate(
      ...[entityId, ...before.map((p) => p.id), ...snap.parents.map((p) => p.id)].map(
        catalogueTags.genre,
      ),
    );
  },

  title: (snap) => snap.name,

  references: (db, id) =>
    counted(
      db,
      {
        table: releaseGenreVotes,
        where: eq(releaseGenreVotes.genreId, id),
        one: 'genre vote',
        many: 'genre votes',
      },
      {
        table: genreParents,
        where: eq(genreParents.parentId, id),
        one: 'sub-genre',
        many: 'sub-genres',
      },
    ),

  async remove(uow, id) {
    await uow.tx.delete(genres).where(eq(genres.id, id));
    uow.invalidate(catalogueTags.genre(id));
  },
};
