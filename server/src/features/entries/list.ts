import { and, eq, gte, isNotNull, sql, type SQL } from 'drizzle-orm';
import { SortBy, type entriesQuerySchema, type PagedEntries } from '@earmark/common';
import type { z } from 'zod';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
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
import { presentEntriesOnCards, type EntryBundle, type EntryBundleOnCard } from './present';
import {
  entryCardColumnsOf,
  entryCardSource,
  entryColumnsOnCardsOf,
  entryPartsOf,
  presentEntries,
  readerPageParts,
  readerPartsOfRows,
  type ReaderParts,
  type ReaderPartsRow,
} from './queries';
import { filters } from './list-filters';
import { totalEntries, totalQuery, walkCountsTotal, walkedTotal } from './totals';
import { withFields } from '../../lib/objects';
import { releaseCardsOf } from '../../lib/release-cards';

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
 * with their owners, releases, artists, tags and track votes (or their
 * releases' ids alone, where the instance keeps the cards: readEntriesPage). The first
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
  const { fields, entries } = await readEntriesPage(db, query, now, undefined);
  return withFields(fields, { entries });
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
  const { fields, rows, entries } = await readEntriesPage(db, query, now, reader);
  const page = withFields(fields, { entries });
  const own = rows as unknown as ReaderPartsRow[];
  return { page, readerParts: readerPartsOfRows(db, reader.id, own, since) };
}

/**
 * A page of entries as everyone sees them (see listEntries), and its rows,
 * with `reader`'s own parts when given. Where the instance keeps release
 * cards (ReleaseCards), a user's or the site's page reads its releases'
 * ids alone and their cards from there; a release's page joins its one
 * release.
 */
async function readEntriesPage(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  now: Date,
  reader: { id: string } | undefined,
) {
  const kept = query.releaseId ? undefined : releaseCardsOf(db);
  const { fields, rows } = await readEntriesRows(db, query, now, reader, kept !== undefined);
  if (!kept) return { fields, rows, entries: await presentEntries(db, rows, undefined) };
  const onCards = rows as unknown as EntryBundleOnCard[];
  const cards = await kept.cardsOf([...new Set(onCards.map((row) => row.release.id))]);
  const entries = presentEntriesOnCards(onCards, cards);
  return { fields: withFields(fields, { currentItems: entries.length }), rows, entries };
}

/** The rows of a page of entries (see readEntriesPage); with `onCards`, no release joined. */
async function readEntriesRows(
  db: DbOrTx,
  query: ParsedEntriesQuery,
  now: Date,
  reader: { id: string } | undefined,
  onCards: boolean,
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
    if (onCards) r.mark('on cards');
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
          // Typed as the joined card's columns: readEntriesPage reads the rows on cards as such.
          ...((onCards ? entryColumnsOnCardsOf(row) : entryCardColumnsOf(row)) as ReturnType<
            typeof entryCardColumnsOf
          >),
          ...entryPartsOf(row),
          ...own?.columns,
        })
        .from(page)
        .$dynamic();
      if (!whole) statement.innerJoin(entries, eq(entries.id, page.id));
      for (const join of own?.joins ?? []) statement.leftJoin(join.table, join.on);
      // A user's list joins its one owner once (every row is theirs), and a
      // release's list its one release, not once a row.
      statement.innerJoin(users, eq(users.id, userId ?? row.userId));
      if (!onCards) statement.innerJoin(releases, eq(releases.id, releaseId ?? row.releaseId));
      return statement.orderBy(...sliceOrder(walked, fromEnd));
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
