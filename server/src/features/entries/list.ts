import {
  and,
  eq,
  gte,
  isNotNull,
  lt,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { SortBy, type entriesQuerySchema, type PagedEntries } from '@earmark/common';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { releaseArtists, releaseGenres, releaseLabels, releases } from '../../db/schema/catalogue';
import { entries, entryTags } from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import {
  afterKeys,
  keyColumns,
  keysOver,
  sliceOrder,
  sortValueColumns,
  type KeyType,
  type SortKey,
} from '../../lib/keyset';
import { pagesOf, readKeysetPage, type PageStatement } from '../../lib/keyset-page';
import { readerRowsMoment } from '../../db/batched';
import { Binder, ShapedStatements } from '../../db/prepared';
import { bindPage, valueUnseenByPlanner } from '../../db/page-bounds';
import { daysBefore, wholeMinute } from '../releases/dates';
import { visibleOwnerUnjoined, visibleReleaseUnjoined } from '../../db/visibility';
import type { EntryBundle } from './present';
import {
  entryCardColumnsOf,
  entryCardSource,
  entryPartsOf,
  presentEntries,
  readerPageParts,
  readerPartsOfRows,
  type ReaderParts,
  type ReaderPartsRow,
} from './queries';
import { REVIEW_SORTS, totalEntries, totalQuery, walkCountsTotal, walkedTotal } from './totals';
import { withFields } from '../../lib/objects';

export type ParsedEntriesQuery = z.output<typeof entriesQuerySchema>;

/** `/reviews/top` ranks the reviews of this many last days; release and user pages rank all time. */
export const REVIEWS_TOP_WINDOW_DAYS = 30;

const key = (expr: SortKey['expr'], type: KeyType, desc = true): SortKey => ({ expr, type, desc });
const byId = (desc = true) => key(entries.id, 'text', desc);

/**
 * What each sort selects and its keys; every order ends with the id so
 * pages never overlap, and each has an index in that order (see the schema
 * of entries) for its cursor pages. A rating sort lists rated entries and a
 * review sort reviewed ones, which is what the partial indexes serve; their
 * rating and review times are set whenever the rating or review is.
 */
function sortPlan(
  query: ParsedEntriesQuery,
  since: Date,
  b: Binder,
): { where: SQL[]; keys: SortKey[] } {
  b.mark(query.sortBy);
  switch (query.sortBy) {
    case SortBy.EntryDate:
      return { where: [], keys: [key(entries.createdAt, 'timestamptz'), byId()] };
    case SortBy.ReleaseDate:
      return {
        where: [],
        keys: [
          // The entry's copy of its release's date: the order is an index's (a user's
          // entries by release date: entries_user_release_date_idx).
          { expr: entries.releaseDate, type: 'date', desc: true, nulls: 'last' },
          key(entries.createdAt, 'timestamptz'),
          byId(),
        ],
      };
    case SortBy.RatingDate:
      return {
        where: [isNotNull(entries.rating)],
        keys: [key(entries.ratingUpdatedAt, 'timestamptz'), byId()],
      };
    case SortBy.RatingHighToLow:
      return { where: [isNotNull(entries.rating)], keys: [key(entries.rating, 'int'), byId()] };
    case SortBy.RatingLowToHigh:
      return {
        where: [isNotNull(entries.rating)],
        keys: [key(entries.rating, 'int', false), byId(false)],
      };
    case SortBy.ReviewDate:
      return {
        where: [isNotNull(entries.review)],
        keys: [key(entries.reviewCreatedAt, 'timestamptz'), byId()],
      };
    case SortBy.ReviewTop: {
      const where = [isNotNull(entries.review)];
      // Site-wide, "top" means the best of recent weeks; on a release or a profile, of all time.
      if (!query.releaseId && !query.userId) {
        // Unseen by the planner (see valueUnseenByPlanner): the window moves with the
        // clock, and plans made for its values were kept in preference to the generic one.
        const from = valueUnseenByPlanner(b.bind('since', since), 'timestamptz');
        where.push(gte(entries.reviewCreatedAt, from));
      }
      return {
        where,
        keys: [key(entries.reviewNet, 'int'), key(entries.reviewCreatedAt, 'timestamptz'), byId()],
      };
    }
  }
}

/** Release years [from, to) as date bounds ('YYYY-01-01'), bound as `name`From and `name`To. */
function yearRange(date: AnyColumn, b: Binder, name: string, from: number, to: number): SQL[] {
  const day = (y: number) => `${String(y).padStart(4, '0')}-01-01`;
  return [gte(date, b.bind(`${name}From`, day(from))), lt(date, b.bind(`${name}To`, day(to)))];
}

/**
 * The conditions on the entry's release, read from the entry's copies of
 * its release's date and type (kept by triggers), so neither the page nor
 * a count looks a release up for them: a count of a user's entries of a
 * decade or a type is a range of entries_user_release_date_idx or
 * entries_user_release_type_idx. (Filtering on the releases themselves, as
 * a join, the planner read every release of the decade or type, 14,000 to
 * 45,000 rows, to hash them; per entry, a count looked up each of a user's
 * releases: see decisions.)
 */
function releaseFilters(query: ParsedEntriesQuery, b: Binder): SQL[] {
  const out: SQL[] = [];
  const date = entries.releaseDate;
  if (query.year !== undefined) out.push(...yearRange(date, b, 'year', query.year, query.year + 1));
  if (query.decade !== undefined) {
    out.push(...yearRange(date, b, 'decade', query.decade, query.decade + 10));
  }
  if (query.type !== undefined) out.push(eq(entries.releaseType, b.bind('type', query.type)));
  return out;
}

/**
 * The genre, artist and label filters. A release belongs to a genre while
 * the genre's net score on it is positive. On a user's entries they read
 * the entries' copies of their release's genres and credits (kept by
 * triggers, in entries_user_release_type_idx): the user's matching
 * releases are one index-only range, hashed, where a probe per entry
 * looked up every one of the user's releases (614 for a user of 614
 * entries, page and total alike). Elsewhere (a release's or the site's
 * entries) each is an indexed probe per entry.
 */
function creditFilters(query: ParsedEntriesQuery, b: Binder, userId: SQL | undefined): SQL[] {
  if (userId) {
    const copies = [
      query.genre &&
        sql`copies.release_genre_ids @> array[${b.bind('genre', query.genre)}]::text[]`,
      query.artist &&
        sql`copies.release_artist_ids @> array[${b.bind('artist', query.artist)}]::text[]`,
      query.label &&
        sql`copies.release_label_ids @> array[${b.bind('label', query.label)}]::text[]`,
    ].filter((c): c is SQL => Boolean(c));
    if (copies.length === 0) return [];
    return [
      sql`${entries.releaseId} in (select copies.release_id from ${entries} copies
        where copies.user_id = ${userId} and ${and(...copies)})`,
    ];
  }
  const out: SQL[] = [];
  if (query.genre) {
    out.push(sql`exists (select 1 from ${releaseGenres} rg
      where rg.release_id = ${entries.releaseId} and rg.genre_id = ${b.bind('genre', query.genre)}
        and rg.score > 0)`);
  }
  if (query.artist) {
    out.push(sql`exists (select 1 from ${releaseArtists} ra
      where ra.release_id = ${entries.releaseId} and ra.artist_id = ${b.bind('artist', query.artist)})`);
  }
  if (query.label) {
    out.push(sql`exists (select 1 from ${releaseLabels} rl
      where rl.release_id = ${entries.releaseId} and rl.label_id = ${b.bind('label', query.label)})`);
  }
  return out;
}

/**
 * The conditions of the query: whose or which release's list it is
 * (`scope`), and the filters that narrow it; each is an indexed condition
 * or semi-join. Values are bound, so the text depends only on which
 * filters are given.
 */
function filters(
  query: ParsedEntriesQuery,
  b: Binder,
  releaseId: Placeholder | undefined,
): { scope: SQL[]; narrowing: SQL[]; userId: SQL | undefined } {
  const scope: SQL[] = [];
  if (releaseId) scope.push(eq(entries.releaseId, releaseId));
  // Unseen by the planner (see valueUnseenByPlanner), as a cursor's values are
  // (see afterKeys): a plan made for a user with fewer entries than most looked
  // cheaper than the generic one, so their cursor pages were planned on every
  // run. The generic plan is the one every other page of theirs runs.
  const userId = query.userId
    ? valueUnseenByPlanner(b.bind('userId', query.userId), 'text')
    : undefined;
  if (userId) scope.push(eq(entries.userId, userId));
  const out: SQL[] = [];
  // withReview=false asks for no restriction, the same as leaving it out. A
  // review sort restricts to reviews already (sortPlan); the planner would
  // count the same condition twice and misjudge the rows (see decisions).
  if (query.withReview && !REVIEW_SORTS.has(query.sortBy)) {
    b.mark('withReview');
    out.push(isNotNull(entries.review));
  }
  out.push(...releaseFilters(query, b));
  if (query.bucket !== undefined) {
    // Buckets are whole points on the 0-10 scale; a perfect 100 has bucket 10 to itself.
    const low = query.bucket * 10;
    const high = query.bucket === 10 ? 100 : low + 9;
    out.push(sql`${entries.rating} between ${b.bind('low', low)} and ${b.bind('high', high)}`);
  }
  out.push(...creditFilters(query, b, userId));
  if (query.tag) {
    out.push(sql`exists (select 1 from ${entryTags} et
      where et.entry_id = ${entries.id} and et.tag_id = ${b.bind('tag', query.tag)})`);
  }
  return { scope, narrowing: out, userId };
}

/**
 * A page's walk read as `entries` when it selected whole rows
 * (entryCardSource): its columns are those of `entries`, under the name
 * `page`, which their types do not carry.
 */
const wholeRow = alias(entries, 'page') as unknown as typeof entries;

/** The statements of the entries lists' pages (a total's are totalEntries'). */
const pageStatements = new ShapedStatements<EntryPageRow[]>('entries_page');

/** A page's row: the entry bundle and its key columns (k0, k1...). */
type EntryPageRow = EntryBundle & Record<string, unknown>;

/**
 * GET entries: one page of visible entries (hidden owners and releases left
 * out), by page number or by cursor (see readKeysetPage), in one statement:
 * its first part walks the sort's index for the page's ids and keys, joining
 * nothing (filters on the release look it up per entry: releaseFilters; the
 * release date is the entry's copy; the visibility checks look
 * among the few hidden accounts and releases, so an offset page skips rows
 * inside the index); its second reads those entries
 * with their owners, releases, artists, tags and track votes. The first
 * page by number carries the total as a sub-query of the same statement
 * (see totalQuery); a later page reads it first, in one of its own
 * (totalEntries), and a cursor page has it from its cursor. Every value is bound, so
 * each shape of query (its sort, which filters, a cursor's nulls) is built
 * and planned once (ShapedStatements).
 */
export async function listEntries(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  now: Date = new Date(),
): Promise<PagedEntries> {
  const { fields, rows } = await readEntriesPage(db, query, now, undefined);
  return withFields(fields, { entries: await presentEntries(db, rows, undefined) });
}

/**
 * GET entries of one user or one release made for a signed-in reader: the
 * page as everyone sees it (what the read cache keeps), and the reader's
 * own parts, read by the page's statement with its rows (see
 * readerPageParts). A site-wide page is everyone's, made by listEntries for
 * all its askers, and each reader's parts are looked up after it (see
 * isSiteWide and viewerPartsOf).
 */
export async function listEntriesFor(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  reader: { id: string },
  now: Date = new Date(),
): Promise<{ page: PagedEntries; readerParts: ReaderParts }> {
  const since = readerRowsMoment(db);
  const { fields, rows } = await readEntriesPage(db, query, now, reader);
  const page = withFields(fields, { entries: await presentEntries(db, rows, undefined) });
  const own = rows as unknown as ReaderPartsRow[];
  return { page, readerParts: readerPartsOfRows(db, reader.id, own, since) };
}

/** The rows of a page of entries (see listEntries), with `reader`'s own parts when given. */
async function readEntriesPage(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  now: Date,
  reader: { id: string } | undefined,
) {
  const b = new Binder();
  // The top reviews' window starts on a whole minute, so the asks of a turn
  // (and of the minute) are the same statement and share its run.
  const since = daysBefore(wholeMinute(now), REVIEWS_TOP_WINDOW_DAYS);
  const plan = sortPlan(query, since, b);
  const releaseId = query.releaseId ? b.bind('releaseId', query.releaseId) : undefined;
  const { scope, narrowing, userId } = filters(query, b, releaseId);
  const where = and(
    visibleOwnerUnjoined(entries.userId),
    visibleReleaseUnjoined(entries.releaseId, releaseId),
    ...scope,
    ...narrowing,
    ...plan.where,
  );
  const sortValues = sortValueColumns(plan.keys);
  /** A page's statement; `withTotal` adds the list's total to every row (see totalQuery). */
  const pageRows: PageStatement<EntryPageRow> = ({ limit, offset, after, withTotal, fromEnd }) => {
    const r = new Binder(b);
    const bounds = bindPage(r, limit, offset, after, fromEnd);
    const readerId = reader && r.bindReader('reader', reader.id);
    const order = sliceOrder(plan.keys, fromEnd);
    // A page read from where its list starts (offset 0) and not narrowed by
    // filters reads its entries whole in the walk: each row it walks is one it
    // shows. Others walk the index alone for ids, and look the page's rows up.
    const whole = offset === 0 && narrowing.length === 0;
    if (whole) r.mark('whole rows');
    const countedInWalk = walkCountsTotal(query, { withTotal, after, whole });
    if (countedInWalk) r.mark('counted in walk');
    const totalOfList =
      withTotal && !countedInWalk ? totalQuery(db, r, query, where, since) : undefined;
    return pageStatements.run(db, r, () => {
      // The walk selects the sort values as they are; their text (keyColumns) is
      // written for the page's rows only, not for every row an offset skips.
      const counted = countedInWalk ? walkedTotal.column() : {};
      const walk = db
        .select(
          whole
            ? { ...entryCardSource, ...sortValues }
            : { id: entries.id, ...sortValues, ...counted },
        )
        .from(entries);
      const page = db.$with('page').as(
        walk
          .where(and(where, bounds.after && afterKeys(plan.keys, bounds.after)))
          .orderBy(...order)
          .limit(bounds.limit)
          .offset(bounds.offset),
      );
      const walked = keysOver(plan.keys, page);
      // Uncorrelated, the total is worked out once for the statement, not per row.
      const total: Record<string, SQL<number>> = totalOfList
        ? { total: sql<number>`${totalOfList()}`.mapWith(Number) }
        : countedInWalk
          ? { total: walkedTotal.of(page) }
          : {};
      const row = whole ? wholeRow : entries;
      const own = readerId && readerPageParts(row, readerId, releaseId);
      const statement = db
        .with(page)
        .select({
          ...keyColumns(walked),
          ...total,
          ...entryCardColumnsOf(row),
          ...entryPartsOf(row),
          ...own?.columns,
        })
        .from(page)
        .$dynamic();
      if (!whole) statement.innerJoin(entries, eq(entries.id, page.id));
      for (const join of own?.joins ?? []) statement.leftJoin(join.table, join.on);
      // A user's list joins its one owner once (every row is theirs), and a
      // release's list its one release, not once a row.
      return statement
        .innerJoin(users, eq(users.id, userId ?? row.userId))
        .innerJoin(releases, eq(releases.id, releaseId ?? row.releaseId))
        .orderBy(...sliceOrder(walked, fromEnd));
    });
  };
  const { page: _page, cursor: _cursor, pageSize: _size, ...listed } = query;
  return readKeysetPage<EntryPageRow>(
    withFields(pagesOf(pageRows), {
      name: query.sortBy,
      keys: plan.keys,
      total: () => totalEntries(db, query, where, b, since),
      totalHint: `entries ${JSON.stringify(listed)}`,
    }),
    query,
  );
}
