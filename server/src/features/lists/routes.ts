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
} from '@earmark/common';
import { cacheTags } from '../../lib/cache-tags';
import { listRateLimit } from '../../plugins/list-rate-limit';
import { sendCached } from '../../plugins/read-cache';
import { requireConfirmedUser, sessionUser } from '../../plugins/session';
import { browseLists, releaseInMyLists } from './browse';
import { addListItem, listItemsPage, removeListItem, reorderListItems, setItemNote } from './items';
import { likeList, unlikeList } from './likes';
import { createList, deleteList, getList, publishList, updateList } from './service';

const tags = ['lists'];
const noContent = { 204: z.null().describe('Done') };
const itemRef = z.object({ listId: z.string(), itemId: z.string() });

/**
 * Registered under /api/lists. Signed-out readers share cached pages; a
 * signed-in reader's pages carry their likes, drafts and entries, so they
 * are read fresh.
 */
export const listsRoutes: FastifyPluginAsyncZod = async (app) => {
  const owner = { preHandler: requireConfirmedUser };

  app.get(
    '/',
    {
      schema: { tags, querystring: listsQuerySchema, response: { 200: pagedListsSchema } },
      config: { rateLimit: listRateLimit(app) },
    },
    async (request, reply) => {
      const { query } = request;
      if (request.user) return browseLists(app.db, query, request.user);
      const page = await app.readCache.get(
        `lists:${JSON.stringify(query)}`,
        [cacheTags.lists],
        () => browseLists(app.db, query, null),
      );
      return sendCached(reply, page, pagedListsSchema);
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
    async (request) => {
      const { id } = request.params;
      const { page } = request.query;
      if (request.user) return (await listItemsPage(app.db, id, page, request.user)).page;
      const cached = await app.readCache.get(
        `list:${id}:items:${page}`,
        (value) => [cacheTags.list(id), ...value.tags],
        () => listItemsPage(app.db, id, page, null),
      );
      return cached.value.page;
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
