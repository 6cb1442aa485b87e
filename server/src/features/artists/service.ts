import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Artist } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { artists, releaseArtists, releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { toSummaries, type ReleaseViewer } from '../releases/summaries';
import { isVisible } from '../../db/visibility';
import { toArtist, type ArtistRow } from './present';

export const ARTIST_NOT_FOUND = 'Artist not found';

export async function findVisibleArtist(db: DbOrTx, id: string): Promise<ArtistRow | null> {
  const [row] = await db
    .select()
    .from(artists)
    .where(and(eq(artists.id, id), isVisible(artists)))
    .limit(1);
  return row ?? null;
}

/** An artist with every visible release, newest first (undated ones last). */
export async function getArtist(db: DbOrTx, id: string, viewer?: ReleaseViewer): Promise<Artist> {
  const row = await findVisibleArtist(db, id);
  if (!row) throw notFound(ARTIST_NOT_FOUND);
  const rows = await db
    .select(getTableColumns(releases))
    .from(releaseArtists)
    .innerJoin(releases, eq(releases.id, releaseArtists.releaseId))
    .where(and(eq(releaseArtists.artistId, id), isVisible(releases)))
    .orderBy(sql`${releases.date} desc nulls last`, desc(releases.createdAt), asc(releases.id));
  return toArtist(row, await toSummaries(db, rows, viewer));
}
