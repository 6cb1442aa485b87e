import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Artist } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { artists, releaseArtists, releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { toSummaries, type ReleaseViewer } from '../releases/summaries';
import { isVisible, visibleById } from '../../db/visibility';
import { toArtist } from './present';

export const ARTIST_NOT_FOUND = 'Artist not found';

export const findVisibleArtist = visibleById(artists, 'visible_artist');

/** An artist's visible releases, newest first (undated ones last). */
const artistReleases = preparedPer((db) =>
  db
    .select(getTableColumns(releases))
    .from(releaseArtists)
    .innerJoin(releases, eq(releases.id, releaseArtists.releaseId))
    .where(and(eq(releaseArtists.artistId, sql.placeholder('id')), isVisible(releases)))
    .orderBy(sql`${releases.date} desc nulls last`, desc(releases.createdAt), asc(releases.id))
    .prepare('artist_releases'),
);

/** An artist with every visible release, newest first (undated ones last). */
export async function getArtist(db: DbOrTx, id: string, viewer?: ReleaseViewer): Promise<Artist> {
  const row = await findVisibleArtist(db, id);
  if (!row) throw notFound(ARTIST_NOT_FOUND);
  const rows = await artistReleases(db).execute({ id });
  return toArtist(row, await toSummaries(db, rows, viewer));
}
