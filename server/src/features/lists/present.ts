import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { List, ListCover } from '@earmark/common';
import { isoColumn } from '../../db/timestamps';
import { lists, type ListCoverCopy } from '../../db/schema/lists';
import { coverUrls } from '../releases/present';
import { toUserRef, userRefColumns } from '../users/present';

/**
 * How many releases a list's cover mosaic shows: the first visible ones in
 * rank order, copied on the list (lists.covers) by the function list_covers.
 */
export const MOSAIC_SIZE = 4;

/** Whether the viewer likes the list (false for a signed-out viewer). */
function likedBy(viewerId: string | Placeholder | undefined): SQL<boolean> {
  return viewerId
    ? sql<boolean>`exists (select 1 from list_likes ll
        where ll.list_id = ${lists.id} and ll.user_id = ${viewerId})`
    : sql<boolean>`false`;
}

/** A list's own columns its card is made from, times as ISO text (db/timestamps). */
interface ListCardRow {
  id: string;
  title: string;
  description: string | null;
  grid: boolean;
  ranked: boolean;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  itemsCount: number;
  likesCount: number;
  commentsCount: number;
}

const listCardColumns = {
  id: lists.id,
  title: lists.title,
  description: lists.description,
  grid: lists.grid,
  ranked: lists.ranked,
  published: lists.published,
  publishedAt: isoColumn(lists.publishedAt),
  createdAt: isoColumn(lists.createdAt),
  updatedAt: isoColumn(lists.updatedAt),
  itemsCount: lists.itemsCount,
  likesCount: lists.likesCount,
  commentsCount: lists.commentsCount,
} satisfies Record<keyof ListCardRow, unknown>;

/** The columns a list's card or page is made from (needs `users` joined on the owner). */
export function listColumns(viewerId: string | Placeholder | undefined) {
  return {
    list: listCardColumns,
    owner: userRefColumns,
    covers: lists.covers,
    liked: likedBy(viewerId),
  };
}

type ListSelection = {
  list: ListCardRow;
  owner: Parameters<typeof toUserRef>[0];
  covers: ListCoverCopy[];
  liked: boolean;
};

export function toList(row: ListSelection): List {
  const { list } = row;
  return {
    id: list.id,
    title: list.title,
    description: list.description,
    grid: list.grid,
    ranked: list.ranked,
    published: list.published,
    publishedAt: list.publishedAt,
    createdAt: list.createdAt,
    updatedAt: list.updatedAt,
    owner: toUserRef(row.owner),
    itemsCount: list.itemsCount,
    likesCount: list.likesCount,
    commentsCount: list.commentsCount,
    covers: row.covers.map((c): ListCover => ({
      id: c.id,
      cover: coverUrls(c.cover),
      explicitCoverArt: c.explicitCoverArt,
    })),
    liked: Boolean(row.liked),
  };
}
