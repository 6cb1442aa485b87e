import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createReportReplySchema, createReportSchema } from '@earmark/common';
import { accountRateLimit } from '../../plugins/account-rate-limit';
import { requireConfirmedUser, sessionUser } from '../../plugins/session';
import '../comments/target';
import { createReport } from './service';

const tags = ['reports'];

/** Reports one account may file an hour. */
export const REPORTS_PER_HOUR = 20;

/** Registered under /api/reports. */
export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      schema: { tags, body: createReportSchema, response: { 201: createReportReplySchema } },
      preHandler: requireConfirmedUser,
      config: { rateLimit: accountRateLimit(REPORTS_PER_HOUR, 60 * 60_000) },
    },
    async (request, reply) => {
      reply.code(201);
      return createReport(app.writer, sessionUser(request), request.body);
    },
  );
};
