import { z } from 'zod';
import {
  LIST_DESCRIPTION_MAX_LENGTH,
  LIST_ITEMS_MAX,
  LIST_ITEMS_PAGE_SIZE,
  LIST_NOTE_MAX_LENGTH,
  LIST_TITLE_MAX_LENGTH,
  LISTS_PAGE_SIZE,
} from '../constants';
import { msg } from './messages';
import { integer, maxItems, oneOf, queryInt, text } from './fields';
import { cursorPageFieldsSchema, pageFieldsSchema, releaseSummarySchema } from './catalogue';
import { boundedOffset, pagingQueryShape } from './paging';
import { userRefSchema } from './entries';

/**
 * Shapes of the lists calls: a user's ranked or grid list of releases, with
 * a note per item, drafts until published, and likes.
 */

export const LIST_SORTS = ['new', 'popular', 'updatedDate'] as const;
export type ListSort = (typeof LIST_SORTS)[number];

const boolean = (p: string) => z.boolean({ error: msg.boolean(p) });
const listTitle = text('title', { min: 1, max: LIST_TITLE_MAX_LENGTH });
const listDescription = text('description', { max: LIST_DESCRIPTION_MAX_LENGTH });
const listNote = text('note', { max: LIST_NOTE_MAX_LENGTH });
const id = (p: string) => text(p, { min: 1, max: 64 });

/** POST lists: a new list is a draft. */
export const createListSchema = z.object({
  title: listTitle,
  description: listDescription.nullable().optional(),
  grid: boolean('grid').default(false),
  ranked: boolean('ranked').default(false),
});
export type CreateListInput = z.input<typeof createListSchema>;

export const createListReplySchema = z.object({ createList: z.object({ id: z.string() }) });
export type CreateListReply = z.infer<typeof createListReplySchema>;

/** PATCH lists/{id}: an absent field stays; a null description clears it. */
export const updateListSchema = z.object({
  title: listTitle.optional(),
  description: listDescription.nullable().optional(),
  grid: boolean('grid').optional(),
  ranked: boolean('ranked').optional(),
});
export type UpdateListInput = z.input<typeof updateListSchema>;

/** One tile of a list's cover mosaic; the client applies the viewer's explicit-cover rules. */
export const listCoverSchema = releaseSummarySchema.pick({
  id: true,
  cover: true,
  explicitCoverArt: true,
});
export type ListCover = z.infer<typeof listCoverSchema>;

/** A list as its page, its cards and its editor show it. */
export const listSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  grid: z.boolean(),
  ranked: z.boolean(),
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  owner: userRefSchema,
  itemsCount: z.number().int(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** Its first four visible releases, in rank order, for the cover mosaic. */
  covers: z.array(listCoverSchema),
  /** Whether the signed-in viewer likes it (false when signed out). */
  liked: z.boolean(),
});
export type List = z.infer<typeof listSchema>;

export const listItemSchema = z.object({
  id: z.string(),
  /** Its rank, 0-based. */
  index: z.number().int(),
  note: z.string().nullable(),
  release: releaseSummarySchema,
});
export type ListItem = z.infer<typeof listItemSchema>;

export const pagedListItemsSchema = pageFieldsSchema.extend({ items: z.array(listItemSchema) });
export type PagedListItems = z.infer<typeof pagedListItemsSchema>;

export const pagedListsSchema = cursorPageFieldsSchema.extend({ lists: z.array(listSchema) });
export type PagedLists = z.infer<typeof pagedListsSchema>;

export const listItemsQuerySchema = z.object({
  page: queryInt('page', 1, Math.ceil(LIST_ITEMS_MAX / LIST_ITEMS_PAGE_SIZE)).default(1),
});

export const listsQuerySchema = z
  .object({
    sortBy: oneOf('sortBy', LIST_SORTS).default('new'),
    userId: id('userId').optional(),
    releaseId: id('releaseId').optional(),
    ...pagingQueryShape(LISTS_PAGE_SIZE),
  })
  .check(boundedOffset);
export type ListsQuery = z.input<typeof listsQuerySchema>;

export const addListItemSchema = z.object({ releaseId: id('releaseId') });
export type AddListItemInput = z.input<typeof addListItemSchema>;

/** PATCH lists/{id}/items/{itemId}: null (or an empty note) clears it. */
export const updateListItemSchema = z.object({ note: listNote.nullable() });
export type UpdateListItemInput = z.input<typeof updateListItemSchema>;

/** PATCH lists/{id}/items: every item of the list once, with indexes 0..n-1. */
export const reorderListItemsSchema = z.object({
  items: z
    .array(z.object({ id: id('id'), index: integer('index', 0, LIST_ITEMS_MAX - 1) }), {
      error: msg.array('items'),
    })
    .check(maxItems('items', LIST_ITEMS_MAX)),
});
export type ReorderListItemsInput = z.input<typeof reorderListItemsSchema>;

export const listItemParamsSchema = z.object({ id: id('id'), itemId: id('itemId') });

/** GET lists/release/{id}: the signed-in user's lists holding the release. */
export const releaseInMyListsSchema = z.array(z.object({ listId: z.string(), itemId: z.string() }));
export type ReleaseInMyLists = z.infer<typeof releaseInMyListsSchema>;

export const listLikeReplySchema = z.object({ liked: z.boolean(), likesCount: z.number().int() });
export type ListLikeReply = z.infer<typeof listLikeReplySchema>;
