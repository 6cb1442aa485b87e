import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mergeInputSchema, mergeReplySchema } from '@earmark/common';
import { requireUser, sessionUser } from '../../plugins/session';
import { mergeEntities, previewMerge } from './merge';

const tags = ['admin'];

/** Registered under /api/admin beside the other admin calls: 401 signed out, 403 for non-admins. */
export const adminMergeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/merge/preview',
    {
      schema: { tags, querystring: mergeInputSchema, response: { 200: mergeReplySchema } },
      preHandler: requireUser,
    },
    async (request) => previewMerge(app.db, sessionUser(request), request.query),
  );

  app.post(
    '/merge',
    {
      schema: { tags, body: mergeInputSchema, response: { 200: mergeReplySchema } },
      preHandler: requireUser,
    },
    async (request) => mergeEntities(app.writer, sessionUser(request), request.body),
  );
};
