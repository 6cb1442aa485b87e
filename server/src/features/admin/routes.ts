import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountStatusInputSchema,
  adminNotificationInputSchema,
  auditPageSchema,
  auditQuerySchema,
  adminUserReplySchema,
  notificationSchema,
  contributorStatusInputSchema,
  supporterStatusInputSchema,
  closeReportInputSchema,
  idParamsSchema,
  reportEntrySchema,
  reportsPageSchema,
  reportsQuerySchema,
} from '@earmark/common';
import { requireUser, sessionUser } from '../../plugins/session';
import { toPublicUser } from '../users/present';
import { closeReport, readReports } from '../reports/queue';
import { readAuditLog } from './audit';
import {
  assertAdmin,
  sendAdminMessage,
  setAccountStatus,
  setContributorStatus,
  setSupporterStatus,
} from './service';

const tags = ['admin'];
const response = { 200: adminUserReplySchema };

/** Registered under /api/admin. Every call: 401 signed out, 403 for non-admins. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/user/contributor-status',
    { schema: { tags, body: contributorStatusInputSchema, response }, preHandler: requireUser },
    async (request) => {
      const actor = sessionUser(request);
      const { userId, status } = request.body;
      const user = await setContributorStatus(app.writer, actor, userId, status);
      return { user: toPublicUser(user, actor) };
    },
  );

  app.patch(
    '/user/supporter-status',
    { schema: { tags, body: supporterStatusInputSchema, response }, preHandler: requireUser },
    async (request) => {
      const actor = sessionUser(request);
      const { userId, supporter } = request.body;
      const user = await setSupporterStatus(app.writer, actor, userId, supporter);
      return { user: toPublicUser(user, actor) };
    },
  );

  app.patch(
    '/user/account-status',
    { schema: { tags, body: accountStatusInputSchema, response }, preHandler: requireUser },
    async (request) => {
      const actor = sessionUser(request);
      const { userId, status } = request.body;
      const user = await setAccountStatus(app.writer, app.config.dataDir, actor, userId, status);
      return { user: toPublicUser(user, actor) };
    },
  );

  app.post(
    '/user/notification',
    {
      schema: { tags, body: adminNotificationInputSchema, response: { 201: notificationSchema } },
      preHandler: requireUser,
    },
    async (request, reply) => {
      reply.code(201);
      return sendAdminMessage(app.writer, sessionUser(request), request.body);
    },
  );

  app.get(
    '/audit',
    {
      schema: { tags, querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      preHandler: requireUser,
    },
    async (request) => {
      assertAdmin(sessionUser(request));
      return readAuditLog(app.db, request.query);
    },
  );

  app.get(
    '/reports',
    {
      schema: { tags, querystring: reportsQuerySchema, response: { 200: reportsPageSchema } },
      preHandler: requireUser,
    },
    async (request) => readReports(app.db, sessionUser(request), request.query),
  );

  app.patch(
    '/reports/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: closeReportInputSchema,
        response: { 200: reportEntrySchema },
      },
      preHandler: requireUser,
    },
    async (request) =>
      closeReport(app.writer, sessionUser(request), request.params.id, request.body),
  );
};
