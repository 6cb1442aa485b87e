import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentSchema,
  commentsQuerySchema,
  createCommentSchema,
  idParamsSchema,
  pagedCommentsSchema,
} from '@earmark/common';
import { requireConfirmedUser, requireUser, sessionUser } from '../../plugins/session';
import { accountRateLimit } from '../../plugins/account-rate-limit';
import { commentsPage, createComment, deleteComment } from './service';
import './target';

const tags = ['comments'];

/** Comments one account may post a minute: a lively thread, not a flood. */
export const COMMENTS_PER_MINUTE = 30;

/** Registered under /api/comments. Threads are read fresh (they change while people talk). */
export const commentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, querystring: commentsQuerySchema, response: { 200: pagedCommentsSchema } } },
    async (request) => commentsPage(app.db, request.query, request.user),
  );

  app.post(
    '/',
    {
      schema: { tags, body: createCommentSchema, response: { 201: commentSchema } },
      preHandler: requireConfirmedUser,
      config: { rateLimit: accountRateLimit(COMMENTS_PER_MINUTE, 60_000) },
    },
    async (request, reply) => {
      reply.code(201);
      return createComment(app.writer, sessionUser(request), request.body);
    },
  );

  app.delete(
    '/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 204: z.null().describe('Done') } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await deleteComment(app.writer, sessionUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
