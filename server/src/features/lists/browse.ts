import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { ListSort, PagedLists, ReleaseInMyLists, listsQuerySchema } from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { listItems, lists } from '../../db/schema/lists';
import { users } from '../../db/schema/users';
import { visibleList } from '../../db/visibility';
import { keyColumns, orderByKeys, readKeysetPage, type SortKey } from '../../lib/keyset';
import { listColumns, toList } from './present';

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
 * Which lists a query reads. A user's lists include their drafts for that
 * user alone; every other reading shows published lists only.
 */
function listsWhere(query: ListsQuery, viewerId: string | undefined): SQL {
  // The release page's lists are published ones, whoever looks.
  const seenBy = query.userId && !query.releaseId ? viewerId : null;
  return and(
    visibleList(seenBy),
    query.userId ? eq(lists.userId, query.userId) : undefined,
    query.releaseId
      ? sql`exists (select 1 from ${listItems} where ${listItems.listId} = ${lists.id}
          and ${listItems.releaseId} = ${query.releaseId})`
      : undefined,
  )!;
}

/** A page of lists in one of the three sorts, by page number or by cursor. */
export async function browseLists(
  db: DbOrTx,
  query: ListsQuery,
  viewer: { id: string } | null | undefined,
): Promise<PagedLists> {
  const keys = SORT_KEYS[query.sortBy];
  const where = listsWhere(query, viewer?.id);
  const { rows, fields } = await readKeysetPage(
    {
      name: `lists:${query.sortBy}`,
      keys,
      rows: (limit, offset, after) =>
        db
          .select({ ...listColumns(viewer?.id), ...keyColumns(keys) })
          .from(lists)
          .innerJoin(users, eq(users.id, lists.userId))
          .where(and(where, after))
          .orderBy(...orderByKeys(keys))
          .limit(limit)
          .offset(offset),
      total: async () => {
        const [total] = await db
          .select({ n: count() })
          .from(lists)
          .innerJoin(users, eq(users.id, lists.userId))
          .where(where);
        return total?.n ?? 0;
      },
    },
    query,
  );
  return { ...fields, lists: rows.map(toList) };
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
