import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationsQuerySchema,
  pagedNotificationsSchema,
  unreadCountSchema,
} from '@earmark/common';
import { requireUser, sessionUser } from '../../plugins/session';
import { markAllRead, notificationsPage, unreadCount } from './service';

const tags = ['notifications'];

/** Registered under /api/notifications: the signed-in user's own notifications. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        querystring: notificationsQuerySchema,
        response: { 200: pagedNotificationsSchema },
      },
      preHandler: requireUser,
    },
    async (request) => notificationsPage(app.db, sessionUser(request), request.query.page),
  );

  app.get(
    '/unread-count',
    { schema: { tags, response: { 200: unreadCountSchema } }, preHandler: requireUser },
    async (request) => unreadCount(app.db, sessionUser(request)),
  );

  app.post(
    '/mark-all-read',
    {
      schema: { tags, response: { 204: z.null().describe('Done') } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      await markAllRead(app.writer, sessionUser(request));
      return reply.code(204).send(null);
    },
  );
};
