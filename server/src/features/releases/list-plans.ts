import { and, count, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Placeholder, SQL, Subquery } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  NEW_POPULAR_WINDOW_DAYS,
  POPULAR_WINDOW_DAYS,
  ReleaseListKind,
  TOP_MIN_RATINGS_ALL_TIME,
  TOP_MIN_RATINGS_YEAR,
  TOP_TYPES,
} from '@earmark/common';
import { type Binder } from '../../db/prepared';
import { valueUnseenByPlanner } from '../../db/page-bounds';
import type { DbOrTx } from '../../db/client';
import {
  artists,
  genres,
  labels,
  releaseArtists,
  releaseGenres,
  releaseLabels,
  releases,
} from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import type { SortKey } from '../../lib/keyset';
import { addDays, daysBefore, utcDay } from './dates';
import type { ParsedReleasesQuery } from './lists';
import { isVisible, isVisibleAsIndexed } from './visibility';

/**
 * How one list kind selects and orders releases. Every order ends with a
 * unique key so pages never overlap or skip a release; a cursor holds the
 * keys of the last release given.
 */
export interface Plan {
  /** Where the list reads its releases' ids and keys. */
  source: Source;
  where: SQL[];
  keys: SortKey[];
  /** What the kind reads beyond the releases table, inner-joined to it. */
  join?: { table: Subquery; on: SQL };
  /**
   * The list's length from the counter of the artist, label or genre whose
   * links it reads, where the counter tells it: its single row's `n`. Made
   * only when a statement is (once per shape), not on every request.
   */
  total?: () => { table: Owner['table']; n: SQL<number>; where: SQL };
}

/** An artist, label or genre, as a list of its releases reads it: its row's id, bound. */
interface Owner {
  table: typeof artists | typeof labels | typeof genres;
  id: Placeholder;
}

/**
 * Where a list reads its releases: the releases table, or for new, upcoming
 * and recently-added filtered by an artist, a label or a genre, that one's
 * links, which carry their release's date, creation time and visibility
 * with an index in each list order (the release link copies migration).
 */
interface Source {
  table: typeof releases | typeof releaseArtists | typeof releaseLabels | typeof releaseGenres;
  id: AnyPgColumn;
  date: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The source's visible releases, written as its partial indexes state it (never bound). */
  visible: SQL[];
  /** The filter the source answers, left out of the semi-joins. */
  answers?: 'artistId' | 'labelId' | 'genreId';
  /**
   * Whose links these are, when that is the list's only filter: its
   * `visible_releases_count` counts the source's rows.
   */
  owner?: Owner;
}

const everyRelease: Source = {
  table: releases,
  id: releases.id,
  date: releases.date,
  createdAt: releases.createdAt,
  visible: [isVisibleAsIndexed(releases)],
};

/**
 * For a list ordered by date or creation: the links of the first filter
 * given among artist, label and genre (an artist's releases are usually
 * the fewest, a genre's the most); else every release. The filters' values are
 * bound; the visibility and belonging are written as the partial indexes'
 * predicates, so a generic plan may read those indexes.
 */
function sourceOf(query: ParsedReleasesQuery, b: Binder): Source {
  const alone = [query.artistId, query.labelId, query.genreId].filter(Boolean).length === 1;
  if (query.artistId) {
    const t = releaseArtists;
    const id = b.bind('artistId', query.artistId);
    const owner = alone ? { table: artists, id } : undefined;
    return linkSource(t, [eq(t.artistId, id), sql`${t.releaseVisible}`], 'artistId', owner);
  }
  if (query.labelId) {
    const t = releaseLabels;
    const id = b.bind('labelId', query.labelId);
    const owner = alone ? { table: labels, id } : undefined;
    return linkSource(t, [eq(t.labelId, id), sql`${t.releaseVisible}`], 'labelId', owner);
  }
  if (query.genreId) {
    const t = releaseGenres;
    const id = b.bind('genreId', query.genreId);
    const owner = alone ? { table: genres, id } : undefined;
    const visible = [eq(t.genreId, id), sql`${t.releaseVisible} and ${t.score} > 0`];
    return linkSource(t, visible, 'genreId', owner);
  }
  return everyRelease;
}

function linkSource(
  table: typeof releaseArtists | typeof releaseLabels | typeof releaseGenres,
  visible: SQL[],
  answers: Source['answers'],
  owner: Owner | undefined,
): Source {
  const { releaseId, releaseDate, releaseCreatedAt } = table;
  return {
    table,
    id: releaseId,
    date: releaseDate,
    createdAt: releaseCreatedAt,
    visible,
    answers,
    owner,
  };
}

/**
 * A list of an artist's, label's or genre's visible releases, its length
 * from their counter: all of them, less (with `less`) those matching each
 * condition, each counted over a range of the source's date index. Out by
 * today is every one less those to come and those with no date: two short
 * ranges where counting the list read every release out.
 */
function ownerTotal(
  db: DbOrTx,
  from: Source,
  owner: Owner,
  less: () => SQL[] = () => [],
): Plan['total'] {
  return () => ({
    table: owner.table,
    n: sql<number>`${owner.table.visibleReleasesCount}${sql.join(lessBy(db, from, less()))}`.mapWith(
      Number,
    ),
    where: eq(owner.table.id, owner.id),
  });
}

/** For each condition, ` - (the count of the source's visible rows matching it)`. */
function lessBy(db: DbOrTx, from: Source, less: SQL[]): SQL[] {
  return less.map(
    (excluded) =>
      sql` - (${db
        .select({ n: count() })
        .from(from.table)
        .where(and(...from.visible, excluded))})`,
  );
}

/** The mean rating over all visible releases: the prior C of the Bayesian average. */
export async function meanRating(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({
      c: sql`coalesce(sum(${releases.ratingsSum})::float8 / nullif(sum(${releases.ratingsCount}), 0), 0)`.mapWith(
        Number,
      ),
    })
    .from(releases)
    .where(isVisible(releases));
  return row?.c ?? 0;
}

/**
 * IMDb's weighted rating (v·R + m·C)/(v + m), with v·R written as the sum of
 * the ratings so no rounding of the stored average creeps in. C is a float8
 * read from the database and sent back exactly (its shortest decimal form
 * round-trips), so a cached C ranks as the inline subquery did.
 */
function bayesian(m: number, mean: Placeholder): SQL {
  return sql`(${releases.ratingsSum} + ${m} * ${mean}::float8) / (${releases.ratingsCount} + ${m})`;
}

function topPlan(m: number, mean: Placeholder, where: SQL[]): Plan {
  return {
    source: everyRelease,
    // As in IMDb's formula, m is also the minimum number of ratings to be listed.
    where: [...where, inArray(releases.type, [...TOP_TYPES]), gte(releases.ratingsCount, m)],
    keys: [
      { expr: bayesian(m, mean), type: 'float', desc: true },
      { expr: releases.ratingsCount, type: 'int', desc: true },
      byId(false),
    ],
  };
}

const byId = (desc: boolean, from = everyRelease): SortKey => ({
  expr: from.id,
  type: 'text',
  desc,
});
const byDate = (desc: boolean, from = everyRelease): SortKey => ({
  expr: from.date,
  type: 'date',
  desc,
});
const byCreation = (desc: boolean, from = everyRelease): SortKey => ({
  expr: from.createdAt,
  type: 'timestamptz',
  desc,
});

/**
 * The kind's plan, its values bound in `b` (the kind and the filters are
 * its shape): a list's page and total are statements made once per shape.
 */
export function planFor(
  query: ParsedReleasesQuery,
  now: Date,
  db: DbOrTx,
  mean: number,
  b: Binder,
): Plan {
  b.mark(query.type);
  const day = utcDay(now);
  // Unseen by the planner (see valueUnseenByPlanner): a plan made for the day
  // expected few of a label's releases to come and was preferred to the
  // generic one on every run, where planning cost several times the run.
  let bound: Placeholder | undefined;
  const today = () => valueUnseenByPlanner((bound ??= b.bind('today', day)), 'date');
  // Stored dates are the earliest day a release could be out, so `date <= today`
  // counts a year-only release of this year as out since 1 January.
  switch (query.type) {
    case ReleaseListKind.New:
    case ReleaseListKind.Upcoming: {
      // New: out by today, latest first; upcoming: after today, soonest first.
      const from = sourceOf(query, b);
      const isNew = query.type === ReleaseListKind.New;
      return {
        source: from,
        where: [isNew ? lte(from.date, today()) : gt(from.date, today())],
        keys: [byDate(isNew, from), byCreation(isNew, from), byId(isNew, from)],
        total:
          isNew && from.owner
            ? ownerTotal(db, from, from.owner, () => [gt(from.date, today()), isNull(from.date)])
            : undefined,
      };
    }
    case ReleaseListKind.RecentlyAdded: {
      const from = sourceOf(query, b);
      return {
        source: from,
        where: [],
        keys: [byCreation(true, from), byId(true, from)],
        total: from.owner && ownerTotal(db, from, from.owner),
      };
    }
    case ReleaseListKind.NewPopular: {
      // Today and the 13 days before it.
      const since = b.bind('since', addDays(day, 1 - NEW_POPULAR_WINDOW_DAYS));
      const entryCount = sql`(select count(*) from ${entries} e where e.release_id = ${releases.id})`;
      return {
        source: everyRelease,
        where: [gte(releases.date, since), lte(releases.date, today())],
        keys: [{ expr: entryCount, type: 'int', desc: true }, byDate(true), byId(false)],
      };
    }
    case ReleaseListKind.Popular: {
      // Counting the window's entries once (entries_created_at_idx) and joining the
      // counts beats a count per release.
      const recent = db
        .select({ releaseId: entries.releaseId, n: count().as('recent_entries') })
        .from(entries)
        .where(gte(entries.createdAt, b.bind('since', daysBefore(now, POPULAR_WINDOW_DAYS))))
        .groupBy(entries.releaseId)
        .as('recent');
      return {
        source: everyRelease,
        where: [],
        keys: [
          { expr: recent.n, type: 'int', desc: true },
          { ...byDate(true), nulls: 'last' },
          byId(false),
        ],
        join: { table: recent, on: eq(recent.releaseId, releases.id) },
      };
    }
    case ReleaseListKind.Top:
      return topPlan(TOP_MIN_RATINGS_ALL_TIME, b.bind('mean', mean), []);
    case ReleaseListKind.TopOfTheYear: {
      const year = query.year ?? now.getUTCFullYear();
      return topPlan(TOP_MIN_RATINGS_YEAR, b.bind('mean', mean), [
        gte(releases.date, b.bind('yearStart', `${year}-01-01`)),
        lt(releases.date, b.bind('yearEnd', `${year + 1}-01-01`)),
      ]);
    }
  }
}

/**
 * Filters shared by every kind but the one the source answers; each is an
 * indexed semi-join on the source's release id.
 */
export function filters(query: ParsedReleasesQuery, from: Source, b: Binder): SQL[] {
  const out: SQL[] = [];
  if (query.genreId && from.answers !== 'genreId') {
    // A release belongs to a genre while the genre's net score on it is positive.
    out.push(sql`exists (select 1 from ${releaseGenres} rg
      where rg.release_id = ${from.id} and rg.genre_id = ${b.bind('genreId', query.genreId)}
        and rg.score > 0)`);
  }
  if (query.labelId && from.answers !== 'labelId') {
    out.push(sql`exists (select 1 from ${releaseLabels} rl
      where rl.release_id = ${from.id} and rl.label_id = ${b.bind('labelId', query.labelId)})`);
  }
  if (query.artistId && from.answers !== 'artistId') {
    out.push(sql`exists (select 1 from ${releaseArtists} ra
      where ra.release_id = ${from.id} and ra.artist_id = ${b.bind('artistId', query.artistId)})`);
  }
  return out;
}
