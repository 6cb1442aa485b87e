import { and, count, eq, sql } from 'drizzle-orm';
import type { ListSort, PagedLists, ReleaseInMyLists, listsQuerySchema } from '@earmark/common';
import type { z } from 'zod';
import { byViewerPairs, readerRowsMoment, viewerPairs } from '../../db/batched';
import { readerMayHave } from '../../lib/reader-presence';
import type { DbOrTx } from '../../db/client';
import { siteCounts } from '../../db/schema/catalogue';
import { listItems, listLikes, lists } from '../../db/schema/lists';
import { users } from '../../db/schema/users';
import { hiddenAccount, visibleList, visibleListUnjoined } from '../../db/visibility';
import { Binder, preparedPer, ShapedStatements } from '../../db/prepared';
import { bindPage } from '../../db/page-bounds';
import { afterKeys, keyColumns, sliceOrder, type SortKey } from '../../lib/keyset';
import { pagesOf, readKeysetPage, type PageStatement } from '../../lib/keyset-page';
import { listColumns, toList } from './present';
import { withFields } from '../../lib/objects';

export type ListsQuery = z.output<typeof listsQuerySchema>;

/** When a list came out: its publication, or for a draft (its owner's view) its creation. */
const newKey = sql`coalesce(${lists.publishedAt}, ${lists.createdAt})`;

/** Each sort's keys, in the order of its index (see the schema of lists), ending with the id. */
const SORT_KEYS: Record<ListSort, SortKey[]> = {
  new: [
    { expr: newKey, type: 'timestamptz', desc: true },
    { expr: lists.id, type: 'text', desc: true },
  ],
  popular: [
    { expr: lists.likesCount, type: 'int', desc: true },
    { expr: newKey, type: 'timestamptz', desc: true },
    { expr: lists.id, type: 'text', desc: true },
  ],
  updatedDate: [
    { expr: lists.updatedAt, type: 'timestamptz', desc: true },
    { expr: lists.id, type: 'text', desc: true },
  ],
};

/**
 * Whether the viewer's page of the query holds their drafts: only a user's
 * own lists do (the release page's lists are published ones, whoever looks).
 * Every other page is the same for everyone but for the viewer's likes.
 */
export function showsOwnDrafts(query: ListsQuery, viewerId: string | undefined): boolean {
  return Boolean(viewerId && query.userId === viewerId && !query.releaseId);
}

/**
 * Which lists a query reads. A user's lists include their drafts for that
 * user alone; every other reading shows published lists only. The count
 * reads them without joining their owners (see visibleListUnjoined). Values
 * are bound, so the text depends only on which of them are given.
 */
function listsWhere(query: ListsQuery, viewerId: string | undefined, b: Binder, joined: boolean) {
  const seenBy =
    viewerId && showsOwnDrafts(query, viewerId) ? b.bindReader('seenBy', viewerId) : null;
  return and(
    joined ? visibleList(seenBy) : visibleListUnjoined(seenBy),
    query.userId ? eq(lists.userId, b.bind('userId', query.userId)) : undefined,
    query.releaseId
      ? sql`exists (select 1 from ${listItems} where ${listItems.listId} = ${lists.id}
          and ${listItems.releaseId} = ${b.bind('releaseId', query.releaseId)})`
      : undefined,
  )!;
}

/** The statements of the lists' pages and counts, made once per shape (ShapedStatements). */
const pageStatements = new ShapedStatements<ListPageRow[]>('lists_page');
const countStatements = new ShapedStatements<{ n: number }[]>('lists_count');

type ListPageRow = Parameters<typeof toList>[0] & Record<string, unknown>;

/**
 * How many lists the query reads, as a statement builder (its values bound
 * now, in `b`). The site's published lists are counted from site_counts
 * (kept by triggers on lists) less those of the few hidden accounts:
 * counting every published list grew with the site, and at 3,000 lists cost
 * as much as the page. A user's or a release's lists are counted from their
 * indexes.
 */
function countOfLists(db: DbOrTx, query: ListsQuery, viewerId: string | undefined, b: Binder) {
  if (query.userId || query.releaseId) {
    const where = listsWhere(query, viewerId, b, false);
    return () => db.select({ n: count() }).from(lists).where(where);
  }
  b.mark('site lists');
  return () => {
    const ofHidden = db
      .select({ n: count() })
      .from(lists)
      .innerJoin(users, eq(users.id, lists.userId))
      .where(and(hiddenAccount(), sql`${lists.published}`));
    const published = sql`sum(${siteCounts.publishedLists})`;
    return db
      .select({ n: sql<number>`${published} - (${ofHidden})`.mapWith(Number) })
      .from(siteCounts);
  };
}

/**
 * A page of lists in one of the three sorts, by page number or by cursor;
 * the first page carries the total, a sub-query of its statement. The lists
 * are those `viewer` sees; each says whether `liker` likes it.
 */
export async function browseLists(
  db: DbOrTx,
  query: ListsQuery,
  viewer: { id: string } | null | undefined,
  liker: { id: string } | null | undefined = viewer,
): Promise<PagedLists> {
  const keys = SORT_KEYS[query.sortBy];
  const pageRows: PageStatement<ListPageRow> = ({ limit, offset, after, withTotal, fromEnd }) => {
    const b = new Binder();
    b.mark(query.sortBy);
    const where = listsWhere(query, viewer?.id, b, true);
    const liked = liker ? b.bindReader('viewer', liker.id) : undefined;
    const bounds = bindPage(b, limit, offset, after, fromEnd);
    // The count's placeholders are the page's own (the same names and values).
    const total = withTotal && countOfLists(db, query, viewer?.id, new Binder());
    if (withTotal) b.mark('with total');
    return pageStatements.run(db, b, () =>
      db
        .select({
          ...listColumns(liked),
          ...keyColumns(keys),
          ...(total ? { total: sql<number>`(${total()})`.mapWith(Number) } : {}),
        })
        .from(lists)
        .innerJoin(users, eq(users.id, lists.userId))
        .where(and(where, bounds.after && afterKeys(keys, bounds.after)))
        .orderBy(...sliceOrder(keys, fromEnd))
        .limit(bounds.limit)
        .offset(bounds.offset),
    );
  };
  const { rows, fields } = await readKeysetPage<ListPageRow>(
    withFields(pagesOf(pageRows), {
      name: `lists:${query.sortBy}`,
      keys,
      total: async () => {
        const b = new Binder();
        const [total] = await countStatements.run(db, b, countOfLists(db, query, viewer?.id, b));
        return total?.n ?? 0;
      },
    }),
    query,
  );
  return withFields(fields, { lists: rows.map(toList) });
}

/** Readers' likes by (reader, list) pairs: list_likes' primary key. */
const viewerLikePairs = preparedPer((db) =>
  db
    .select({ ord: sql<string>`k.ord` })
    .from(listLikes)
    .innerJoin(viewerPairs, sql`${listLikes.listId} = k.id and ${listLikes.userId} = k.viewer`)
    .prepare('viewer_like_pairs'),
);

/**
 * The viewer's likes among lists, shared with other readers' (see
 * byViewerPairs): those the read cache does not hold for them. Only their
 * own likes and unlikes change these (their tag: likes.ts), or changes to
 * everything; a deleted list's like is never asked again.
 */
const viewerLikesOn = byViewerPairs<object>(viewerLikePairs, 'like', readerMayHave);

/**
 * A page of one user's lists as everyone sees it (what the read cache
 * keeps), made for a signed-in reader: which of them they like is read by
 * the page's statement and kept as likedAmong keeps what it reads, so
 * their next pages find it there. A site-wide page is everyone's, made by
 * browseLists for all its askers, and each reader's likes are looked up
 * after it (see isSiteWide and likedAmong).
 */
export async function browseListsFor(
  db: DbOrTx,
  query: ListsQuery,
  reader: { id: string },
): Promise<{ page: PagedLists; liked: Set<string> }> {
  const since = readerRowsMoment(db);
  const made = await browseLists(db, query, null, reader);
  const liked = new Set(made.lists.filter((l) => l.liked).map((l) => l.id));
  const likes = new Map([...liked].map((id) => [id, {}]));
  viewerLikesOn.keep(
    db,
    reader.id,
    made.lists.map((l) => l.id),
    likes,
    since,
  );
  const lists = made.lists.map((l) => (l.liked ? withFields(l, { liked: false }) : l));
  return { page: withFields(made, { lists }), liked };
}

/** Which of the lists the viewer likes. */
export async function likedAmong(
  db: DbOrTx,
  viewer: { id: string },
  listIds: readonly string[],
): Promise<Set<string>> {
  return new Set((await viewerLikesOn(db, viewer.id, listIds)).keys());
}

/** The viewer's lists that hold the release, with the item in each. */
export async function releaseInMyLists(
  db: DbOrTx,
  viewer: { id: string } | null | undefined,
  releaseId: string,
): Promise<ReleaseInMyLists> {
  if (!viewer) return [];
  return db
    .select({ listId: listItems.listId, itemId: listItems.id })
    .from(listItems)
    .innerJoin(lists, eq(lists.id, listItems.listId))
    .where(and(eq(lists.userId, viewer.id), eq(listItems.releaseId, releaseId)))
    .orderBy(listItems.listId);
}
