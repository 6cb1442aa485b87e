import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTOFILL_SOURCES, autofillParamsSchema, autofillReleaseSchema } from '@earmark/common';
import { accountRateLimit } from '../../plugins/account-rate-limit';
import { requireConfirmedUser, sessionUser } from '../../plugins/session';
import { requireContributor } from '../submissions/service';
import { Autofill } from './service';

/** Autofills one account may ask for an hour: as many as the releases it may submit. */
export const AUTOFILLS_PER_HOUR = 120;
const HOUR_MS = 60 * 60_000;

/**
 * Registered under /api/autofill: `GET /musicbrainz/{idOrUrl}` and
 * `GET /spotify/{idOrUrl}` (an address is sent URL-encoded), for contributors.
 */
export const autofillRoutes: FastifyPluginAsyncZod = async (app) => {
  const autofill = new Autofill(app);
  for (const source of AUTOFILL_SOURCES) {
    app.get(
      `/${source}/:idOrUrl`,
      {
        preHandler: requireConfirmedUser,
        config: { rateLimit: accountRateLimit(AUTOFILLS_PER_HOUR, HOUR_MS) },
        schema: {
          tags: ['autofill'],
          params: autofillParamsSchema,
          response: { 200: autofillReleaseSchema },
        },
      },
      async (request) => {
        requireContributor(sessionUser(request));
        return autofill.release(source, request.params.idOrUrl);
      },
    );
  }
};
