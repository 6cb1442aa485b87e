import { CommentTargetKind } from '@earmark/common';
import type { Actor, Comment, PageFields, PagedComments } from '@earmark/common';

/** Fake API answers for comment tests (the shapes come from common). */
export const ben: Actor = {
  id: 'u2',
  username: 'ben',
  name: 'Ben Carter',
  image: null,
  supporter: 0,
};
export const cara: Actor = { id: 'u3', username: 'cara', name: null, image: null, supporter: 0 };

export function makeComment(id: string, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    body: `Comment ${id}`,
    createdAt: '2026-03-01T10:00:00.000Z',
    entityType: CommentTargetKind.REVIEW,
    entityId: 'e1',
    user: ben,
    ...overrides,
  };
}

/** The paging fields of one page of `count` items. */
export function pageFields(
  count: number,
  page: number,
  totalPages: number,
  totalItems = count,
): PageFields {
  return {
    currentPage: page,
    totalPages,
    totalItems,
    currentItems: count,
    itemsPerPage: 20,
  };
}

export function commentsPage(
  comments: Comment[],
  { page = 1, totalPages = comments.length > 0 ? 1 : 0, totalItems = comments.length } = {},
): PagedComments {
  return { comments, ...pageFields(comments.length, page, totalPages, totalItems) };
}
