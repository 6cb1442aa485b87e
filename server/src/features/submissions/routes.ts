import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUBMISSION_KINDS,
  SUBMISSION_KIND_PLURALS,
  historyPageSchema,
  historyQuerySchema,
  idParamsSchema,
  processPendingDeletionReplySchema,
  processPendingDeletionSchema,
  submissionCardSchema,
  submissionCreatedSchema,
  submissionDetailSchema,
  submissionVoteInputSchema,
  submissionsPageSchema,
  submissionsQuerySchema,
  userContributionsSchema,
  userIdParamsSchema,
  type SubmissionKind,
  keepPendingDeletionReplySchema,
  pendingDeletionImpactSchema,
} from '@earmark/common';
import type { CoverFiles } from '../../db/schema/catalogue';
import { badRequest } from '../../lib/errors';
import { fetchImageUrl } from '../../lib/image-url';
import { makeCoverFiles, readMultipartForm } from '../../lib/media';
import { accountRateLimit } from '../../plugins/account-rate-limit';
import { requireConfirmedUser, requireUser, sessionUser } from '../../plugins/session';
import { specOf } from './kinds';
import { entityHistory, listSubmissions, submissionDetail, userContributions } from './queries';
import { discardSubmission, requireContributor, submit, voteOnSubmission } from './service';
import { keepPendingDeletion, processPendingDeletion } from './pending-deletion';
import { readPendingDeletions } from './pending-impact';
import './targets';

const tags = ['submissions'];
const noContent = { 204: z.null().describe('Done') };

/** Creates and edits one account may send an hour: a busy cataloguing session, not a flood. */
export const SUBMISSIONS_PER_HOUR = 120;
/** Votes one account may cast an hour. */
export const SUBMISSION_VOTES_PER_HOUR = 600;
const HOUR_MS = 60 * 60_000;

export const INVALID_DATA_PART = 'data must be a JSON object';

/** Zod's issues as the API's 400 (the messages, each once). */
function invalid(error: z.ZodError): never {
  throw badRequest([...new Set(error.issues.map((i) => i.message))]);
}

/**
 * The payload of a create or an edit with the cover it brings: JSON, or
 * (releases) multipart with the JSON fields in the part `data` and an
 * optional `image` file. An uploaded or fetched image is decoded and stored
 * before the transaction, with the same checks as every upload.
 */
async function readSubmission(
  app: FastifyInstance,
  request: FastifyRequest,
  kind: SubmissionKind,
): Promise<{ payload: Record<string, unknown> & { note: string }; cover?: CoverFiles }> {
  const spec = specOf(kind);
  let body: unknown = request.body;
  let image: Buffer | null = null;
  if (kind === 'release' && request.isMultipart()) {
    const form = await readMultipartForm(request, 'image');
    try {
      body = JSON.parse(form.fields.data ?? 'null');
    } catch {
      throw badRequest(INVALID_DATA_PART);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw badRequest(INVALID_DATA_PART);
    }
    image = form.file;
  }
  const parsed = spec.schema.safeParse(body ?? {});
  if (!parsed.success) invalid(parsed.error);
  const payload = parsed.data as Record<string, unknown> & { note: string; imageUrl?: string };
  if (!image && typeof payload.imageUrl === 'string') {
    image = await fetchImageUrl(payload.imageUrl, { allowHosts: app.config.imageUrlAllowHosts });
  }
  if (!image) return { payload };
  return { payload, cover: await makeCoverFiles(image, app.config.dataDir) };
}

/**
 * Registered under /api/submissions: the same calls for each kind, at its
 * plural (`/releases`, `/artists`...) and, for one submission, its singular.
 * Nothing here is cached: the lists change with every vote.
 */
export const submissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const writing = {
    preHandler: requireConfirmedUser,
    config: { rateLimit: accountRateLimit(SUBMISSIONS_PER_HOUR, HOUR_MS) },
  };

  for (const kind of SUBMISSION_KINDS) {
    const plural = SUBMISSION_KIND_PLURALS[kind];
    const spec = specOf(kind);
    // Releases also come as multipart, which the JSON schema cannot see: the handler validates.
    const body = kind === 'release' ? spec.schema.nullish() : spec.schema;
    const consumes =
      kind === 'release' ? ['application/json', 'multipart/form-data'] : ['application/json'];

    app.post(
      `/${plural}`,
      { ...writing, schema: { tags, consumes, body, response: { 201: submissionCreatedSchema } } },
      async (request, reply) => {
        // Refuse non-contributors before reading or decoding an upload.
        requireContributor(sessionUser(request));
        const { payload, cover } = await readSubmission(app, request, kind);
        const created = await submit(app.writer, sessionUser(request), { kind, payload, cover });
        reply.code(201);
        return created;
      },
    );

    app.post(
      `/${plural}/:id`,
      {
        ...writing,
        schema: {
          tags,
          consumes,
          params: idParamsSchema,
          body,
          response: { 201: submissionCreatedSchema },
        },
      },
      async (request, reply) => {
        requireContributor(sessionUser(request));
        const { payload, cover } = await readSubmission(app, request, kind);
        const created = await submit(app.writer, sessionUser(request), {
          kind,
          entityId: request.params.id,
          payload,
          cover,
        });
        reply.code(201);
        return created;
      },
    );

    app.get(
      `/${plural}`,
      {
        schema: {
          tags,
          querystring: submissionsQuerySchema,
          response: { 200: submissionsPageSchema },
        },
      },
      async (request) => listSubmissions(app.db, kind, request.query),
    );

    app.get(
      `/${kind}/:id`,
      { schema: { tags, params: idParamsSchema, response: { 200: submissionDetailSchema } } },
      async (request) => submissionDetail(app.db, kind, request.params.id),
    );

    app.patch(
      `/${plural}/vote/:id`,
      {
        preHandler: requireConfirmedUser,
        config: { rateLimit: accountRateLimit(SUBMISSION_VOTES_PER_HOUR, HOUR_MS) },
        schema: {
          tags,
          params: idParamsSchema,
          body: submissionVoteInputSchema,
          response: { 200: submissionCardSchema },
        },
      },
      async (request) =>
        voteOnSubmission(
          app.writer,
          sessionUser(request),
          kind,
          request.params.id,
          request.body.vote as 1 | -1,
        ),
    );

    app.delete(
      `/${plural}/:id`,
      {
        preHandler: requireConfirmedUser,
        schema: { tags, params: idParamsSchema, response: noContent },
      },
      async (request, reply) => {
        await discardSubmission(app.writer, sessionUser(request), kind, request.params.id);
        return reply.code(204).send(null);
      },
    );
  }

  app.post(
    '/process-pending-deletion',
    {
      preHandler: requireUser,
      schema: {
        tags,
        body: processPendingDeletionSchema,
        response: { 200: processPendingDeletionReplySchema },
      },
    },
    async (request) => processPendingDeletion(app.writer, request.user, request.body),
  );

  app.post(
    '/keep-pending-deletion',
    {
      preHandler: requireUser,
      schema: {
        tags,
        body: processPendingDeletionSchema,
        response: { 200: keepPendingDeletionReplySchema },
      },
    },
    async (request) => keepPendingDeletion(app.writer, request.user, request.body),
  );

  app.get(
    '/pending-deletions',
    {
      preHandler: requireUser,
      schema: { tags, response: { 200: pendingDeletionImpactSchema } },
    },
    async (request) => readPendingDeletions(app.db, sessionUser(request)),
  );

  app.get(
    '/user-contributions/:id',
    { schema: { tags, params: userIdParamsSchema, response: { 200: userContributionsSchema } } },
    async (request) => userContributions(app.db, request.params.id),
  );
};

/** Registered under /api/history: an entity's applied changes. */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of SUBMISSION_KINDS) {
    app.get(
      `/${kind}/:id`,
      {
        schema: {
          tags,
          params: idParamsSchema,
          querystring: historyQuerySchema,
          response: { 200: historyPageSchema },
        },
      },
      async (request) => entityHistory(app.db, kind, request.params.id, request.query),
    );
  }
};
