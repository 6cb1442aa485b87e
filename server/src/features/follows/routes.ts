import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  entrySchema,
  followReplySchema,
  idParamsSchema,
  pagedUsersSchema,
  pageQuerySchema,
  userIdParamsSchema,
} from '@earmark/common';
import { requireConfirmedUser, requireUser, sessionUser } from '../../plugins/session';
import { followingEntries } from './following-entries';
import { listFollows } from './lists';
import { follow, unfollow } from './service';

const tags = ['follows'];

/** Registered under /api/users beside the users routes. */
export const followsRoutes: FastifyPluginAsyncZod = async (app) => {
  const change = {
    schema: { tags, params: userIdParamsSchema, response: { 200: followReplySchema } },
    preHandler: requireConfirmedUser,
  };

  app.post('/:id/following', change, async (request) =>
    follow(app.writer, sessionUser(request), request.params.id),
  );

  app.delete('/:id/following', change, async (request) =>
    unfollow(app.writer, sessionUser(request), request.params.id),
  );

  const list = {
    schema: {
      tags,
      params: userIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: pagedUsersSchema },
    },
  };

  app.get('/:id/followers', list, async (request) =>
    listFollows(app.db, request.params.id, 'followers', request.query, request.user),
  );

  app.get('/:id/following', list, async (request) =>
    listFollows(app.db, request.params.id, 'following', request.query, request.user),
  );
};

/** Registered under /api/entries: the release page's section of followed users' entries. */
export const followingEntriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/release/:id/following',
    {
      schema: { tags, params: idParamsSchema, response: { 200: z.array(entrySchema) } },
      preHandler: requireUser,
    },
    async (request) => followingEntries(app.db, sessionUser(request), request.params.id),
  );
};
