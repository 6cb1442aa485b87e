import { and, eq, sql } from 'drizzle-orm';
import type { LabelRef, Language, Release, ReleaseGenreScore, Track } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { jsonList } from '../../db/json-list';
import { preparedPer } from '../../db/prepared';
import { releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { toRelease, type ReleaseRow } from './present';
import { releaseArtistsJson, withViewerEntries } from './summaries';
import { isVisible, visibleCatalogueAlias } from '../../db/visibility';

export const RELEASE_NOT_FOUND = 'Release not found';

/** A visible release row, or null (unknown, pending deletion or merged away). */
export async function findVisibleRelease(db: DbOrTx, id: string): Promise<ReleaseRow | null> {
  const [row] = await db
    .select()
    .from(releases)
    .where(and(eq(releases.id, id), isVisible(releases)))
    .limit(1);
  return row ?? null;
}

export async function requireVisibleRelease(db: DbOrTx, id: string): Promise<ReleaseRow> {
  const row = await findVisibleRelease(db, id);
  if (!row) throw notFound(RELEASE_NOT_FOUND);
  return row;
}

/**
 * The parts of a release page, each a JSON array made in the database, so
 * the whole page is one statement: visible artists and labels in credit
 * order, languages by name, genres with a positive net score (highest
 * first), and the tracks in order.
 */
const releaseParts = {
  artists: releaseArtistsJson,
  labels: jsonList<LabelRef>(sql`select json_agg(json_build_object(
      'id', l.id, 'name', l.name, 'nameLatin', l.name_latin) order by rl.position)
    from release_labels rl join labels l on l.id = rl.label_id
    where rl.release_id = ${releases.id} and ${visibleCatalogueAlias('l')}`),
  languages: jsonList<Language>(sql`select json_agg(json_build_object(
      'id', lang.id, 'iso6391', lang.iso639_1, 'name', lang.name) order by lang.name)
    from release_languages rl join languages lang on lang.id = rl.language_id
    where rl.release_id = ${releases.id}`),
  genres: jsonList<ReleaseGenreScore>(sql`select json_agg(json_build_object(
      'id', g.id, 'name', g.name, 'score', rg.score) order by rg.score desc, g.name)
    from release_genres rg join genres g on g.id = rg.genre_id
    where rg.release_id = ${releases.id} and rg.score > 0 and ${visibleCatalogueAlias('g')}`),
  tracks: jsonList<Track>(sql`select json_agg(json_build_object(
      'id', t.id, 'track', t.track, 'title', t.title, 'durationMs', t.duration_ms,
      'order', t."order", 'upvotes', t.upvotes, 'downvotes', t.downvotes) order by t."order")
    from tracks t where t.release_id = ${releases.id}`),
};

const releasePage = preparedPer((db) =>
  db
    .select({ row: releases, ...releaseParts })
    .from(releases)
    .where(and(eq(releases.id, sql.placeholder('id')), isVisible(releases)))
    .limit(1)
    .prepare('release_page'),
);

/** The release page's public data (the same for every reader), in one prepared statement. */
export async function getPublicRelease(db: DbOrTx, id: string): Promise<Release> {
  const [found] = await releasePage(db).execute({ id });
  if (!found) throw notFound(RELEASE_NOT_FOUND);
  const { row, ...parts } = found;
  return toRelease(row, parts);
}

/** A public release as a signed-in viewer sees it: with their own entry (or null). */
export async function withViewerEntry(
  db: DbOrTx,
  release: Release,
  viewer: { id: string },
): Promise<Release> {
  const [mine] = await withViewerEntries(db, [release], viewer);
  return mine!;
}
