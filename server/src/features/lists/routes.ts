import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addListItemSchema,
  createListReplySchema,
  createListSchema,
  idParamsSchema,
  listItemParamsSchema,
  listItemsQuerySchema,
  listLikeReplySchema,
  listSchema,
  listsQuerySchema,
  pagedListItemsSchema,
  pagedListsSchema,
  releaseInMyListsSchema,
  reorderListItemsSchema,
  updateListItemSchema,
  updateListSchema,
  type PagedListItems,
  type PagedLists,
} from '@earmark/common';
import { cacheTags } from '../../lib/cache-tags';
import { AppError } from '../../lib/errors';
import { isSiteWide } from '../../lib/site-wide';
import { listRateLimit } from '../../plugins/list-rate-limit';
import { sendCached, sendOverlaid } from '../../plugins/read-cache';
import { requireConfirmedUser, sessionUser } from '../../plugins/session';
import { readerEntriesOn, type MadeForReader } from '../releases/summaries';
import {
  browseLists,
  browseListsFor,
  likedAmong,
  releaseInMyLists,
  showsOwnDrafts,
} from './browse';
import {
  addListItem,
  listItemsPage,
  listItemsPageFor,
  listItemsPageTags,
  removeListItem,
  reorderListItems,
  setItemNote,
} from './items';
import { likeList, unlikeList } from './likes';
import { listPageMeta } from './page-meta';
import { createList, deleteList, getList, publishList, updateList } from './service';

const tags = ['lists'];
const noContent = { 204: z.null().describe('Done') };
const itemRef = z.object({ listId: z.string(), itemId: z.string() });

/**
 * Registered under /api/lists. Readers share cached pages: a signed-in
 * reader gets them with their own likes or entries laid over, except where
 * they may see more than others (their own drafts), which is read fresh.
 */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => listPageMeta(app.db, pathname));
  const owner = { preHandler: requireConfirmedUser };

  app.get(
    '/',
    {
      schema: { tags, querystring: listsQuerySchema, response: { 200: pagedListsSchema } },
      config: { rateLimit: listRateLimit(app) },
    },
    async (request, reply) => {
      const { query, user } = request;
      if (user && showsOwnDrafts(query, user.id)) return browseLists(app.db, query, user);
      // A site-wide page is everyone's, shared with the turn's other askers,
      // signed in or not; the reader's likes are looked up after it.
      const everyones = !user || isSiteWide(query);
      // Set when this request made the page for its reader: their likes came with it.
      const made: { page?: PagedLists; liked?: Set<string> } = {};
      const page = await app.readCache.get(
        `lists:${JSON.stringify(query)}`,
        [cacheTags.lists],
        async () => {
          if (everyones) return browseLists(app.db, query, null);
          Object.assign(made, await browseListsFor(app.db, query, user));
          return made.page!;
        },
        !everyones,
      );
      if (!user) return sendCached(reply, page, pagedListsSchema);
      const liked =
        made.page === page.value && made.liked
          ? made.liked
          : await likedAmong(
              app.db,
              user,
              page.value.lists.map((l) => l.id),
            );
      return sendOverlaid(reply, page, pagedListsSchema, (value, place) => {
        for (const list of value.lists) place(list, 'liked', liked.has(list.id));
      });
    },
  );

  app.post(
    '/',
    {
      ...owner,
      schema: { tags, body: createListSchema, response: { 201: createListReplySchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return createList(app.writer, sessionUser(request), request.body);
    },
  );

  app.get(
    '/release/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: releaseInMyListsSchema } } },
    async (request) => releaseInMyLists(app.db, request.user, request.params.id),
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: listSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      if (request.user) return getList(app.db, id, request.user);
      const page = await app.readCache.get(`list:${id}`, [cacheTags.list(id)], () =>
        getList(app.db, id, null),
      );
      return sendCached(reply, page, listSchema);
    },
  );

  app.patch(
    '/:id',
    {
      ...owner,
      schema: {
        tags,
        params: idParamsSchema,
        body: updateListSchema,
        response: { 200: listSchema },
      },
    },
    async (request) =>
      updateList(app.writer, sessionUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    { ...owner, schema: { tags, params: idParamsSchema, response: noContent } },
    async (request, reply) => {
      await deleteList(app.writer, sessionUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/:id/publish',
    { ...owner, schema: { tags, params: idParamsSchema, response: { 200: listSchema } } },
    async (request) => publishList(app.writer, sessionUser(request), request.params.id),
  );

  app.get(
    '/:id/items',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: listItemsQuerySchema,
        response: { 200: pagedListItemsSchema },
      },
      config: { rateLimit: listRateLimit(app) },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { page } = request.query;
      const { user } = request;
      // Set when this request made the page for its reader: their entries came with it.
      const made: MadeForReader<PagedListItems> = {};
      const cached = await app.readCache
        .get(
          `list:${id}:items:${page}`,
          (value) => listItemsPageTags(id, value),
          async () => {
            if (!user) return listItemsPage(app.db, id, page, null);
            Object.assign(made, await listItemsPageFor(app.db, id, page, user));
            return made.page!;
          },
        )
        .catch((err: unknown) => {
          // Not public (a draft, which its owner alone reads): read fresh for a signed-in reader.
          if (user && err instanceof AppError && err.statusCode === 404) return null;
          throw err;
        });
      if (!cached) return listItemsPage(app.db, id, page, user);
      if (!user) return sendCached(reply, cached, pagedListItemsSchema);
      const mine = await readerEntriesOn(app.db, user, cached.value, made, (value) =>
        value.items.map((i) => i.release.id),
      );
      return sendOverlaid(reply, cached, pagedListItemsSchema, (value, place) => {
        for (const { release } of value.items) {
          place(release, 'viewerEntry', mine.get(release.id) ?? null);
        }
      });
    },
  );

  app.post(
    '/:id/items',
    {
      ...owner,
      schema: { tags, params: idParamsSchema, body: addListItemSchema, response: { 201: itemRef } },
    },
    async (request, reply) => {
      reply.code(201);
      return addListItem(
        app.writer,
        sessionUser(request),
        request.params.id,
        request.body.releaseId,
      );
    },
  );

  app.patch(
    '/:id/items',
    {
      ...owner,
      schema: { tags, params: idParamsSchema, body: reorderListItemsSchema, response: noContent },
    },
    async (request, reply) => {
      await reorderListItems(app.writer, sessionUser(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/:id/items/:itemId',
    {
      ...owner,
      schema: {
        tags,
        params: listItemParamsSchema,
        body: updateListItemSchema,
        response: noContent,
      },
    },
    async (request, reply) => {
      const { id, itemId } = request.params;
      await setItemNote(app.writer, sessionUser(request), id, itemId, request.body.note);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/:id/items/:itemId',
    { ...owner, schema: { tags, params: listItemParamsSchema, response: noContent } },
    async (request, reply) => {
      const { id, itemId } = request.params;
      await removeListItem(app.writer, sessionUser(request), id, itemId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/:id/likes',
    { ...owner, schema: { tags, params: idParamsSchema, response: { 200: listLikeReplySchema } } },
    async (request) => likeList(app.writer, sessionUser(request), request.params.id),
  );

  app.delete(
    '/:id/likes',
    { ...owner, schema: { tags, params: idParamsSchema, response: { 200: listLikeReplySchema } } },
    async (request) => unlikeList(app.writer, sessionUser(request), request.params.id),
  );
};
