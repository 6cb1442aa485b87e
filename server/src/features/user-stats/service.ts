import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
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
import { userTags } from '../../db/schema/entries';
import { CreditKind, userCreditCounts } from '../../db/schema/user-charts';
import { users } from '../../db/schema/users';
import { visibleAccount } from '../../db/visibility';
import { notFound } from '../../lib/errors';
import { USER_NOT_FOUND } from '../users/service';

/**
 * A user's profile charts, read from the counts kept of their entries
 * (user_credit_counts) where each read grouped all of them. Only visible
 * releases (and visible artists, labels, genres) count, so a merged or
 * pending-deletion entity never shows up in a chart. Each chart is read in
 * the statement that finds its user (see ownerShown): a request is one
 * round trip, where looking the user up first made it two in a row.
 */

/** How many rows the artist, label, genre and tag charts show. */
export const USER_STATS_TOP = 20;

/** Number of rating buckets: 0-9 → 0, …, 90-99 → 9, 100 → 10 (ratingBucket in common). */
const RATING_BUCKETS = 11;

/** Ties on count read alphabetically, then by id so the order never changes between calls. */
function topOrder(n: SQL | SQL.Aliased | AnyPgColumn, name: AnyPgColumn, id: AnyPgColumn): SQL[] {
  return [desc(n), asc(sql`lower(${name})`), asc(id)];
}

/**
 * The order of the artist, label and genre charts: by count, ties by the
 * user's average rating of them (unrated last), then by id so the order
 * never changes between calls. Every key is one the counts carry, so the
 * charts cut their twenty before any is joined to its name (see topCounts).
 */
function countedOrder(n: SQL | AnyPgColumn, avg: SQL | AnyPgColumn, id: SQL | AnyPgColumn): SQL[] {
  // Counts are never null; "nulls last" is the index's order, which the planner matches.
  return [sql`${n} desc nulls last`, sql`${avg} desc nulls last`, asc(id)];
}

/**
 * The user a chart is of: each chart is one prepared statement per database
 * handle (preparedPer), run with the user's id, so a profile's charts are
 * neither built nor, after a few runs, planned again.
 */
const owner = sql.placeholder('userId');

/**
 * Whether a hidden user's chart is shown too (an admin reads it), else only
 * a user visible to everyone's.
 */
const anyAccount = sql.placeholder('anyAccount');

/**
 * The user's row, where a chart's statement starts: there only for a user
 * that may be shown (`anyAccount`, or not hidden). The chart's rows are
 * joined to it laterally (`left join lateral ... on true`), so no row means
 * there is no such user to show, and one row of nulls a user with nothing
 * to chart (see chartRows).
 */
const ownerShown = and(eq(users.id, owner), or(visibleAccount(), sql`${anyAccount}::boolean`));

/**
 * A shown row of a chart read from its user's row: every column is there
 * (non-null) but the `Nullable` ones, which may be null in a chart too.
 */
type Shown<R, Nullable extends keyof R> = {
  [P in keyof R]: P extends Nullable ? R[P] : NonNullable<R[P]>;
};

/**
 * The rows of a chart read from its user's row (ownerShown), those whose
 * `key` is not null (it is on the one row of a user with nothing to chart);
 * 404 when there was no user to show. `nullable` names the columns a chart
 * row may have null.
 */
function chartRows<R, Nullable extends keyof R = never>(
  rows: R[],
  key: Exclude<keyof R, Nullable>,
  // Only its type is read: the names, where the call is.
  _nullable: readonly Nullable[] = [],
): Shown<R, Nullable>[] {
  if (rows.length === 0) throw notFound(USER_NOT_FOUND);
  return rows.filter((row) => row[key] !== null) as Shown<R, Nullable>[];
}

/** The user's user_credit_counts rows of a kind, the kind written in the statement's text. */
function ownCounts(kind: CreditKind): SQL {
  const c = userCreditCounts;
  return and(eq(c.userId, owner), sql`${c.kind} = ${sql.raw(String(kind))}`)!;
}

/**
 * The user's counts of a kind (user_credit_counts) in chart order, cut to
 * the top twenty: a range of user_credit_counts_chart_idx, where each read
 * grouped all of the user's entries by their releases' artists, labels or
 * genres (a heavy user's 614 entries, each its credits). `hiddenAmong`
 * leaves that table's hidden rows out (artists and labels look among the
 * few, in their `_hidden_idx`), so the twenty are cut before any row is
 * joined to its name.
 */
function topCounts(
  db: Db,
  kind: CreditKind,
  hiddenAmong: typeof artists | typeof labels | typeof genres,
) {
  const c = userCreditCounts;
  const visibleLinked = sql`not exists (select 1 from ${hiddenAmong} hidden_linked
      where hidden_linked.id = ${c.linkedId}
        and (hidden_linked.pending_deletion or hidden_linked.merged_into_id is not null))`;
  return db
    .select({
      linkedId: sql<string>`${c.linkedId}`.as('linked_id'),
      n: c.entries,
      avgRating: c.avgRating,
    })
    .from(c)
    .where(and(ownCounts(kind), visibleLinked))
    .orderBy(...countedOrder(c.entries, c.avgRating, c.linkedId))
    .limit(USER_STATS_TOP);
}

/**
 * The chart of a named, credited kind (artists, labels): the user's top
 * twenty counts of the kind (topCounts), then their names looked up.
 */
function creditChart(
  db: Db,
  credited: typeof artists | typeof labels,
  kind: CreditKind,
  name: string,
) {
  const top = topCounts(db, kind, credited).as('top');
  const chart = db
    .select({
      id: credited.id,
      name: credited.name,
      nameLatin: credited.nameLatin,
      count: top.n,
      avgRating: top.avgRating,
    })
    .from(top)
    .innerJoin(credited, eq(credited.id, top.linkedId))
    .as('chart');
  return db
    .select({ ...chart._.selectedFields })
    .from(users)
    .leftJoinLateral(chart, sql`true`)
    .where(ownerShown)
    .orderBy(...countedOrder(sql`${chart.count}`, sql`${chart.avgRating}`, sql`${chart.id}`))
    .prepare(name);
}

/** A chart's reader: the user's id, and whether a hidden user's is read too (by an admin). */
type ChartRead<V> = (db: DbOrTx, userId: string, anyAccount?: boolean) => Promise<V>;

/** The reader of a credited kind's chart, each row its credited one (under `key`) and counts. */
function creditStats<V>(
  chart: (db: DbOrTx) => ReturnType<typeof creditChart>,
  key: 'artist' | 'label',
): ChartRead<V> {
  return async (db, userId, anyAccount = false) => {
    const rows = await chart(db).execute({ userId, anyAccount });
    const shown = chartRows(rows, 'id', ['nameLatin', 'avgRating']);
    return shown.map(({ count: n, avgRating: avg, ...credited }) => ({
      [key]: credited,
      count: n,
      avgRating: avg,
    })) as V;
  };
}

export const artistStats = creditStats<UserArtistStats>(
  preparedPer((db) => creditChart(db, artists, CreditKind.artist, 'user_artist_chart')),
  'artist',
);

export const labelStats = creditStats<UserLabelStats>(
  preparedPer((db) => creditChart(db, labels, CreditKind.label, 'user_label_chart')),
  'label',
);

// An entry counts for the genres its release belongs to (a net score above
// zero). Genres have no index of the hidden few: each counted one walked is
// a key probe of genres, until twenty visible ones are found.
const genreChart = preparedPer((db) => {
  const top = topCounts(db, CreditKind.genre, genres).as('top');
  const chart = db
    .select({ id: genres.id, name: genres.name, count: top.n, avgRating: top.avgRating })
    .from(top)
    .innerJoin(genres, eq(genres.id, top.linkedId))
    .as('chart');
  return db
    .select({ id: chart.id, name: chart.name, count: chart.count })
    .from(users)
    .leftJoinLateral(chart, sql`true`)
    .where(ownerShown)
    .orderBy(...countedOrder(sql`${chart.count}`, sql`${chart.avgRating}`, sql`${chart.id}`))
    .prepare('user_genre_chart');
});

/** Genres the community gives the user's releases (net score above zero). */
export const genreStats: ChartRead<UserGenreStats> = async (db, userId, anyAccount = false) => {
  const rows = await genreChart(db).execute({ userId, anyAccount });
  return chartRows(rows, 'id').map(({ count: n, ...genre }) => ({ genre, count: n }));
};

/**
 * All of the user's counts of a kind keyed by a number (their release's
 * year, their rating's bucket), lowest first, read from their user's row
 * (ownerShown): a range of user_credit_counts_chart_idx read from the index
 * alone, where each read grouped all of the user's entries (a heavy user's
 * 900).
 */
function numberedCounts(db: Db, kind: CreditKind, name: string) {
  const c = userCreditCounts;
  const chart = db
    .select({ key: sql<number>`${c.linkedId}::int`.as('key'), count: c.entries })
    .from(c)
    .where(ownCounts(kind))
    .as('chart');
  return db
    .select({ ...chart._.selectedFields })
    .from(users)
    .leftJoinLateral(chart, sql`true`)
    .where(ownerShown)
    .orderBy(chart.key)
    .prepare(name);
}

const ratingChart = preparedPer((db) =>
  numberedCounts(db, CreditKind.ratingBucket, 'user_rating_chart'),
);

/** How many of the user's ratings fall in each bucket; all eleven, zeros included. */
export const ratingStats: ChartRead<UserRatingStats> = async (db, userId, anyAccount = false) => {
  const rows = await ratingChart(db).execute({ userId, anyAccount });
  const counts = new Map(chartRows(rows, 'key').map((r) => [r.key, r.count]));
  return Array.from({ length: RATING_BUCKETS }, (_, b) => ({
    bucket: b,
    count: counts.get(b) ?? 0,
  }));
};

const yearChart = preparedPer((db) => numberedCounts(db, CreditKind.year, 'user_year_chart'));

/** The user's logged releases by year and by decade of release (oldest first). */
export const releaseDateStats: ChartRead<UserReleaseDateStats> = async (
  db,
  userId,
  anyAccount = false,
) => {
  const years = chartRows(await yearChart(db).execute({ userId, anyAccount }), 'key');
  // Decades are sums of years, so the years' counts serve both charts.
  const decades = new Map<number, number>();
  for (const y of years) {
    const decade = Math.floor(y.key / 10) * 10;
    decades.set(decade, (decades.get(decade) ?? 0) + y.count);
  }
  return {
    decades: [...decades].map(([decade, n]) => ({ decade, count: n })),
    years: years.map((y) => ({ year: y.key, count: y.count })),
  };
};

// The user's counts of their tags (each tag's id in linked_id), joined to their names to be
// ordered: a user has a few tags, where each read joined all of their entries to their tags.
const tagChart = preparedPer((db) => {
  const c = userCreditCounts;
  const chart = db
    .select({ id: userTags.id, name: userTags.name, count: sql<number>`${c.entries}`.as('n') })
    .from(c)
    .innerJoin(userTags, eq(userTags.id, c.linkedId))
    .where(ownCounts(CreditKind.tag))
    .orderBy(...topOrder(c.entries, userTags.name, userTags.id))
    .limit(USER_STATS_TOP)
    .as('chart');
  return db
    .select({ ...chart._.selectedFields })
    .from(users)
    .leftJoinLateral(chart, sql`true`)
    .where(ownerShown)
    .orderBy(...topOrder(sql`${chart.count}`, chart.name, chart.id))
    .prepare('user_tag_chart');
});

/** The user's own tags by how many of their entries carry them; unused tags are left out. */
export const tagStats: ChartRead<UserTagStats> = async (db, userId, anyAccount = false) => {
  const rows = await tagChart(db).execute({ userId, anyAccount });
  return chartRows(rows, 'id').map(({ count: n, ...tag }) => ({ tag, count: n }));
};
