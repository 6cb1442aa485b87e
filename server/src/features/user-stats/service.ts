import { and, asc, count, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type {
  UserArtistStats,
  UserGenreStats,
  UserLabelStats,
  UserRatingStats,
  UserReleaseDateStats,
  UserTagStats,
} from '@earmark/common';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { artists, genres, labels } from '../../db/schema/catalogue';
import { entries, entryTags, userTags } from '../../db/schema/entries';
import { isVisible, visibleReleaseUnjoined } from '../../db/visibility';

/**
 * A user's profile charts, each one grouped query over their entries. Only
 * visible releases (and visible artists, labels, genres) count, so a merged
 * or pending-deletion entity never shows up in a chart.
 */

/** How many rows the artist, label, genre and tag charts show. */
export const USER_STATS_TOP = 20;

/** Number of rating buckets: 0-9 → 0, …, 90-99 → 9, 100 → 10 (ratingBucket in common). */
const RATING_BUCKETS = 11;

/** Average of the ratings in the group (0-100), null when none of the entries is rated. */
const avgRating = sql<number | null>`avg(${entries.rating})::float8`;

/** Ties on count read alphabetically, then by id so the order never changes between calls. */
function topOrder(n: SQL | SQL.Aliased, name: AnyPgColumn, id: AnyPgColumn): SQL[] {
  return [desc(n), asc(sql`lower(${name})`), asc(id)];
}

/**
 * The order of the artist, label and genre charts: by count, ties by the
 * user's average rating of them (unrated last), then by id so the order
 * never changes between calls. Every key is one the counts carry, so the
 * artist and label charts cut their twenty before any is looked up (see
 * creditChart); the genre chart joins each of the user's genres first.
 */
function countedOrder(n: SQL, avg: SQL, id: SQL): SQL[] {
  return [desc(n), sql`${avg} desc nulls last`, asc(id)];
}

/**
 * The user a chart is of: each chart is one prepared statement per database
 * handle (preparedPer), run with the user's id, so a profile's charts are
 * neither built nor, after a few runs, planned again.
 */
const owner = sql.placeholder('userId');

/**
 * The user's entries on visible releases: the base of every chart. The
 * release is looked up among the few hidden ones, not joined, so a chart
 * that needs nothing else of it reads the user's entries from an index alone.
 */
function ownEntries(): SQL {
  return and(eq(entries.userId, owner), visibleReleaseUnjoined(entries.releaseId))!;
}

/** The arrays of linked ids each entry carries from its release (kept by triggers). */
type CopiedIds =
  typeof entries.releaseArtistIds | typeof entries.releaseLabelIds | typeof entries.releaseGenreIds;

/**
 * The user's entries counted (and their ratings averaged) by the artists,
 * labels or genres of their releases, as each entry carries their ids: read
 * with the entries from entries_user_release_type_idx, nothing looked up per
 * entry (a heavy user's 910 entries were 910 lookups of release_artists).
 * Grouped by the id alone, so each is looked up once. `hiddenAmong` leaves
 * that table's hidden rows out here, looked up among the few (its
 * `_hidden_idx`), so the counts can be cut before any row is looked up (see
 * creditChart).
 */
function copiedCounts(db: Db, copiedIds: CopiedIds, hiddenAmong?: typeof artists | typeof labels) {
  const copiedId = sql`copied.id`;
  const visibleLinked =
    hiddenAmong &&
    sql`not exists (select 1 from ${hiddenAmong} hidden_linked
      where hidden_linked.id = ${copiedId}
        and (hidden_linked.pending_deletion or hidden_linked.merged_into_id is not null))`;
  return db
    .select({
      linkedId: sql<string>`${copiedId}`.as('linked_id'),
      n: count().as('n'),
      avgRating: avgRating.as('avg_rating'),
    })
    .from(entries)
    .crossJoin(sql`unnest(${copiedIds}) as copied(id)`)
    .where(and(ownEntries(), visibleLinked))
    .groupBy(copiedId);
}

/**
 * The chart of a named, credited kind (artists, labels): copiedCounts cut
 * to the top twenty (see countedOrder), then their names looked up. A heavy
 * user's artists are mostly counted once: 20 lookups, where ties ordered by
 * name needed every tied one (655 for a user of 623 entries).
 */
function creditChart(
  db: Db,
  credited: typeof artists | typeof labels,
  creditedIds: typeof entries.releaseArtistIds | typeof entries.releaseLabelIds,
  name: string,
) {
  const top = copiedCounts(db, creditedIds, credited)
    .orderBy(...countedOrder(count(), avgRating, sql`copied.id`))
    .limit(USER_STATS_TOP)
    .as('top');
  return db
    .select({
      id: credited.id,
      name: credited.name,
      nameLatin: credited.nameLatin,
      count: top.n,
      avgRating: top.avgRating,
    })
    .from(top)
    .innerJoin(credited, and(eq(credited.id, top.linkedId), isVisible(credited)))
    .orderBy(...countedOrder(sql`${top.n}`, sql`${top.avgRating}`, sql`${top.linkedId}`))
    .prepare(name);
}

const artistChart = preparedPer((db) =>
  creditChart(db, artists, entries.releaseArtistIds, 'user_artist_chart'),
);

export async function artistStats(db: DbOrTx, userId: string): Promise<UserArtistStats> {
  const rows = await artistChart(db).execute({ userId });
  return rows.map(({ count: n, avgRating: avg, ...artist }) => ({
    artist,
    count: n,
    avgRating: avg,
  }));
}

const labelChart = preparedPer((db) =>
  creditChart(db, labels, entries.releaseLabelIds, 'user_label_chart'),
);

export async function labelStats(db: DbOrTx, userId: string): Promise<UserLabelStats> {
  const rows = await labelChart(db).execute({ userId });
  return rows.map(({ count: n, avgRating: avg, ...label }) => ({
    label,
    count: n,
    avgRating: avg,
  }));
}

// Genres are few (hundreds in all): looking each of a user's up costs less
// than cutting their counts first. An entry carries the genres its release
// belongs to (a net score above zero).
const genreChart = preparedPer((db) => {
  const counted = copiedCounts(db, entries.releaseGenreIds).as('counted');
  return db
    .select({ id: genres.id, name: genres.name, count: counted.n })
    .from(counted)
    .innerJoin(genres, and(eq(genres.id, counted.linkedId), isVisible(genres)))
    .orderBy(...countedOrder(sql`${counted.n}`, sql`${counted.avgRating}`, sql`${genres.id}`))
    .limit(USER_STATS_TOP)
    .prepare('user_genre_chart');
});

/** Genres the community gives the user's releases (net score above zero). */
export async function genreStats(db: DbOrTx, userId: string): Promise<UserGenreStats> {
  const rows = await genreChart(db).execute({ userId });
  return rows.map(({ count: n, ...genre }) => ({ genre, count: n }));
}

// Integer division of a 0-100 rating gives the bucket, with 100 alone in 10.
const bucket = sql<number>`(${entries.rating} / 10)::int`;
const ratingChart = preparedPer((db) =>
  db
    .select({ bucket, count: count() })
    .from(entries)
    .where(and(ownEntries(), isNotNull(entries.rating)))
    .groupBy(bucket)
    .prepare('user_rating_chart'),
);

/** How many of the user's ratings fall in each bucket; all eleven, zeros included. */
export async function ratingStats(db: DbOrTx, userId: string): Promise<UserRatingStats> {
  const rows = await ratingChart(db).execute({ userId });
  const counts = new Map(rows.map((r) => [Number(r.bucket), r.count]));
  return Array.from({ length: RATING_BUCKETS }, (_, b) => ({
    bucket: b,
    count: counts.get(b) ?? 0,
  }));
}

// From the release's date as each entry keeps it, so the chart reads the user's entries
// from their release date index alone.
const year = sql<number>`extract(year from ${entries.releaseDate})::int`;
const yearChart = preparedPer((db) =>
  db
    .select({ year, count: count() })
    .from(entries)
    .where(and(ownEntries(), isNotNull(entries.releaseDate)))
    .groupBy(year)
    .orderBy(year)
    .prepare('user_year_chart'),
);

/** The user's logged releases by year and by decade of release (oldest first). */
export async function releaseDateStats(db: DbOrTx, userId: string): Promise<UserReleaseDateStats> {
  const years = await yearChart(db).execute({ userId });
  // Decades are sums of years, so one grouped query serves both charts.
  const decades = new Map<number, number>();
  for (const y of years) {
    const decade = Math.floor(y.year / 10) * 10;
    decades.set(decade, (decades.get(decade) ?? 0) + y.count);
  }
  return {
    decades: [...decades].map(([decade, n]) => ({ decade, count: n })),
    years: years.map((y) => ({ year: Number(y.year), count: y.count })),
  };
}

const tagChart = preparedPer((db) =>
  db
    .select({ id: userTags.id, name: userTags.name, count: count() })
    .from(entries)
    .innerJoin(entryTags, eq(entryTags.entryId, entries.id))
    .innerJoin(userTags, eq(userTags.id, entryTags.tagId))
    .where(and(ownEntries(), eq(userTags.userId, owner)))
    .groupBy(userTags.id)
    .orderBy(...topOrder(count(), userTags.name, userTags.id))
    .limit(USER_STATS_TOP)
    .prepare('user_tag_chart'),
);

/** The user's own tags by how many of their entries carry them; unused tags are left out. */
export async function tagStats(db: DbOrTx, userId: string): Promise<UserTagStats> {
  const rows = await tagChart(db).execute({ userId });
  return rows.map(({ count: n, ...tag }) => ({ tag, count: n }));
}
