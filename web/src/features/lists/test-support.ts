import type { List, ListItem, PagedListItems, PagedLists } from '@earmark/common';
import { makeReleaseSummary } from '../releases/test-support';

export function makeList(overrides: Partial<List> = {}): List {
  return {
    id: 'l1',
    title: 'Records for a rainy Sunday',
    description: 'Slow ones, *mostly*.',
    grid: false,
    ranked: true,
    published: true,
    publishedAt: '2026-02-01T00:00:00.000Z',
    createdAt: '2026-02-01T00:00:00.000Z',
    updatedAt: '2026-02-01T00:00:00.000Z',
    owner: { id: 'u2', username: 'ben', name: 'Ben Carter', image: null, supporter: 0 },
    itemsCount: 2,
    likesCount: 3,
    commentsCount: 0,
    covers: [],
    liked: false,
    ...overrides,
  };
}

export function makeListItem(index: number, overrides: Partial<ListItem> = {}): ListItem {
  return {
    id: `i${index}`,
    index,
    note: null,
    release: makeReleaseSummary({ id: `r${index}`, title: `Release ${index + 1}` }),
    ...overrides,
  };
}

export const itemsPage = (items: ListItem[]): PagedListItems => ({
  items,
  currentPage: 1,
  totalPages: 1,
  totalItems: items.length,
  currentItems: items.length,
  itemsPerPage: 50,
});

export const listsPage = (lists: List[], nextCursor: string | null = null): PagedLists => ({
  lists,
  currentPage: 1,
  totalPages: nextCursor ? 2 : 1,
  totalItems: lists.length,
  currentItems: lists.length,
  itemsPerPage: 24,
  nextCursor,
});
