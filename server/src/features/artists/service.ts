import { and, asc, eq, sql } from 'drizzle-orm';
import type { Artist, ReleaseSummary } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { artists, releaseArtists, releases } from '../../db/schema/catalogue';
import { notFound } from '../../lib/errors';
import { toReleaseSummary, releaseCardColumns } from '../releases/present';
import {
  readerEntryColumns,
  readerEntryJoin,
  readerEntryOfRow,
  type ReleaseViewer,
} from '../releases/summaries';
import { isVisible, visibleById } from '../../db/visibility';
import { withFields } from '../../lib/objects';

export const ARTIST_NOT_FOUND = 'Artist not found';

export const findVisibleArtist = visibleById(artists, 'visible_artist');

/**
 * An artist's page in one statement: the artist's row (there only when
 * visible) with its visible releases joined laterally, newest first
 * (undated ones last), one row a release and one row of nulls for an
 * artist with none. The bio comes on the first row alone, not once a
 * release (an artist may have a thousand). Signed in (`reader` bound),
 * each row carries the reader's entry on its release (readerEntryJoin).
 */
function artistPage(db: DbOrTx, signedIn: boolean) {
  const listed = db
    .select({
      ...releaseCardColumns,
      place: sql<number>`row_number() over (order by ${releases.date} desc nulls last,
        ${releases.createdAt} desc, ${releases.id})`.as('place'),
    })
    .from(releaseArtists)
    .innerJoin(releases, eq(releases.id, releaseArtists.releaseId))
    .where(and(eq(releaseArtists.artistId, artists.id), isVisible(releases)))
    .as('listed');
  const reader = signedIn ? readerEntryJoin(listed.id, sql.placeholder('reader')) : undefined;
  const page = db
    .select({
      artist: {
        id: artists.id,
        name: artists.name,
        nameLatin: artists.nameLatin,
        bio: sql<string | null>`case when ${listed.place} is null or ${listed.place} = 1
          then ${artists.bio} end`,
      },
      release: { ...listed._.selectedFields },
      ...(signedIn ? readerEntryColumns : {}),
    })
    .from(artists)
    .leftJoinLateral(listed, sql`true`)
    .$dynamic();
  if (reader) page.leftJoin(reader.table, reader.on);
  return page
    .where(and(eq(artists.id, sql.placeholder('id')), isVisible(artists)))
    .orderBy(asc(listed.place))
    .prepare(signedIn ? 'artist_page_for_reader' : 'artist_page');
}

const pageForAnyone = preparedPer((db) => artistPage(db, false));
const pageForReader = preparedPer((db) => artistPage(db, true));

/** An artist with every visible release, newest first (undated ones last). */
export async function getArtist(db: DbOrTx, id: string, viewer?: ReleaseViewer): Promise<Artist> {
  const rows = viewer
    ? await pageForReader(db).execute({ id, reader: viewer.id })
    : await pageForAnyone(db).execute({ id });
  const first = rows[0];
  if (!first) throw notFound(ARTIST_NOT_FOUND);
  const releaseList: ReleaseSummary[] = [];
  for (const row of rows) {
    if (!row.release) continue;
    const summary = toReleaseSummary(row.release);
    if (viewer)
      summary.viewerEntry = readerEntryOfRow(row as Parameters<typeof readerEntryOfRow>[0]);
    releaseList.push(summary);
  }
  return withFields(first.artist, { releases: releaseList });
}
