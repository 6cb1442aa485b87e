import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Release } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import {
  genres,
  labels,
  languages,
  releaseGenres,
  releaseLabels,
  releaseLanguages,
  releases,
  tracks,
} from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { toRelease, type ReleaseRow } from './present';
import { artistRefsOf, viewerEntriesOf, type ReleaseViewer } from './summaries';
import { isVisible } from './visibility';

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

/** Genres with a positive net score on the release, highest first. */
export function scoredGenresOf(db: DbOrTx, releaseId: string) {
  return db
    .select({ id: genres.id, name: genres.name, score: releaseGenres.score })
    .from(releaseGenres)
    .innerJoin(genres, eq(genres.id, releaseGenres.genreId))
    .where(
      and(eq(releaseGenres.releaseId, releaseId), gt(releaseGenres.score, 0), isVisible(genres)),
    )
    .orderBy(desc(releaseGenres.score), asc(genres.name));
}

/**
 * The release page's public data (the same for every reader): the row,
 * then its parts in parallel, each one indexed query.
 */
export async function getPublicRelease(db: DbOrTx, id: string): Promise<Release> {
  const row = await requireVisibleRelease(db, id);
  const [artistRefs, labelRows, languageRows, genreRows, trackRows] = await Promise.all([
    artistRefsOf(db, [id]),
    db
      .select({ id: labels.id, name: labels.name, nameLatin: labels.nameLatin })
      .from(releaseLabels)
      .innerJoin(labels, eq(labels.id, releaseLabels.labelId))
      .where(and(eq(releaseLabels.releaseId, id), isVisible(labels)))
      .orderBy(asc(releaseLabels.position)),
    db
      .select({ id: languages.id, iso6391: languages.iso6391, name: languages.name })
      .from(releaseLanguages)
      .innerJoin(languages, eq(languages.id, releaseLanguages.languageId))
      .where(eq(releaseLanguages.releaseId, id))
      .orderBy(asc(languages.name)),
    scoredGenresOf(db, id),
    db.select().from(tracks).where(eq(tracks.releaseId, id)).orderBy(asc(tracks.order)),
  ]);
  return toRelease(row, {
    artists: artistRefs.get(id) ?? [],
    labels: labelRows,
    languages: languageRows,
    genres: genreRows,
    tracks: trackRows,
  });
}

/** A public release as a signed-in viewer sees it: with their own entry (or null). */
export async function withViewerEntry(
  db: DbOrTx,
  release: Release,
  viewer: { id: string },
): Promise<Release> {
  const mine = await viewerEntriesOf(db, viewer.id, [release.id]);
  return { ...release, viewerEntry: mine.get(release.id) ?? null };
}

/** The release page's data, with the viewer's own entry when signed in. */
export async function getRelease(db: DbOrTx, id: string, viewer?: ReleaseViewer): Promise<Release> {
  const release = await getPublicRelease(db, id);
  return viewer ? withViewerEntry(db, release, viewer) : release;
}
