import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createEntrySchema,
  entriesQuerySchema,
  entrySchema,
  idParamsSchema,
  pagedEntriesSchema,
  reviewVoteReplySchema,
  type PagedEntries,
  tagInputSchema,
  tagSchema,
  trackVoteReplySchema,
  updateEntrySchema,
  voteInputSchema,
} from '@earmark/common';
import { cacheTags } from '../../lib/cache-tags';
import { isSiteWide } from '../../lib/site-wide';
import { readerEntriesHeld } from '../../lib/reader-presence';
import { listRateLimit } from '../../plugins/list-rate-limit';
import { sendCached, sendOverlaid } from '../../plugins/read-cache';
import { requireConfirmedUser, requireUser, sessionUser } from '../../plugins/session';
import { listEntries, listEntriesFor, type ParsedEntriesQuery } from './list';
import { viewerPartsOf, type ReaderParts } from './queries';
import { changeReviewVote } from './review-votes';
import { deleteEntry, getEntry, getMyEntry, saveEntry, updateEntry } from './service';
import { createTag, deleteTag, listOwnTags, renameTag } from './tags';
import { removeTrackVote, voteOnTrack } from './track-votes';

const tags = ['entries'];

/**
 * What a list of entries is read from: a release's or a user's entries, or
 * the whole site's. Changes that reach a list from elsewhere (a renamed tag
 * or user, another release's average) show within the cache's TTL.
 */
function listTags(query: ParsedEntriesQuery): string[] {
  const out: string[] = [];
  if (query.releaseId) out.push(cacheTags.release(query.releaseId));
  if (query.userId) out.push(cacheTags.user(query.userId));
  if (out.length === 0) out.push(cacheTags.entries);
  return out;
}
const trackParams = z.object({
  releaseId: idParamsSchema.shape.id,
  trackId: idParamsSchema.shape.id,
});
const noContent = { 204: z.null().describe('Done') };

/** Registered under /api/entries. */
export const entriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { tags, querystring: entriesQuerySchema, response: { 200: pagedEntriesSchema } },
      config: { rateLimit: listRateLimit(app) },
    },
    async (request, reply) => {
      const { query, user } = request;
      // A site-wide page is everyone's, shared with the turn's other askers,
      // signed in or not; the reader's own parts are looked up after it. So
      // is a user's page for a reader whose entries the instance holds: their
      // entries on its releases come from there, where the page's statement
      // probed one a row. A release's page reads the reader's one entry once
      // and their votes on its reviews, which they vote on, with its rows.
      const everyones =
        !user ||
        isSiteWide(query) ||
        (query.userId !== undefined && readerEntriesHeld(app.db, user.id));
      // A page this reader's request makes (a miss) reads their own parts with it.
      const made: { page?: PagedEntries; readerParts?: ReaderParts } = {};
      const page = await app.readCache.get(
        `entries:${JSON.stringify(query)}`,
        listTags(query),
        async () => {
          if (everyones) return listEntries(app.db, query);
          Object.assign(made, await listEntriesFor(app.db, query, user));
          return made.page!;
        },
        !everyones,
      );
      if (!user) return sendCached(reply, page, pagedEntriesSchema);
      // The reader's parts laid over the page's checked JSON (see sendOverlaid):
      // read with the page when this request made the page it is sent.
      const lay =
        made.page === page.value && made.readerParts
          ? made.readerParts
          : await viewerPartsOf(app.db, page.value.entries, user);
      return sendOverlaid(reply, page, pagedEntriesSchema, (value, place) => {
        for (const entry of value.entries) lay(entry, place);
      });
    },
  );

  app.get(
    '/release/:id/me',
    {
      schema: { tags, params: idParamsSchema, response: { 200: entrySchema.nullable() } },
      preHandler: requireUser,
    },
    async (request) => getMyEntry(app.db, sessionUser(request), request.params.id),
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: entrySchema } } },
    async (request) => getEntry(app.db, request.params.id, request.user),
  );

  app.post(
    '/',
    {
      schema: { tags, body: createEntrySchema, response: { 200: entrySchema, 201: entrySchema } },
      preHandler: requireConfirmedUser,
    },
    async (request, reply) => {
      const { entry, created } = await saveEntry(app.writer, sessionUser(request), request.body);
      return reply.status(created ? 201 : 200).send(entry);
    },
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: updateEntrySchema,
        response: { 200: entrySchema },
      },
      preHandler: requireConfirmedUser,
    },
    async (request) =>
      updateEntry(app.writer, sessionUser(request), request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: { tags, params: idParamsSchema, response: noContent },
      preHandler: requireConfirmedUser,
    },
    async (request, reply) => {
      await deleteEntry(app.writer, sessionUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  const trackVote = { 200: trackVoteReplySchema };
  app.post(
    '/track/:releaseId/:trackId',
    {
      schema: { tags, params: trackParams, body: voteInputSchema, response: trackVote },
      preHandler: requireConfirmedUser,
    },
    async (request) => {
      const { releaseId, trackId } = request.params;
      return voteOnTrack(app.writer, sessionUser(request), releaseId, trackId, request.body.vote);
    },
  );

  app.delete(
    '/track/:releaseId/:trackId',
    {
      schema: { tags, params: trackParams, response: trackVote },
      preHandler: requireConfirmedUser,
    },
    async (request) => {
      const { releaseId, trackId } = request.params;
      return removeTrackVote(app.writer, sessionUser(request), releaseId, trackId);
    },
  );

  const reviewVote = { 200: reviewVoteReplySchema };
  app.post(
    '/review/:id/votes',
    {
      schema: { tags, params: idParamsSchema, body: voteInputSchema, response: reviewVote },
      preHandler: requireConfirmedUser,
    },
    async (request) =>
      changeReviewVote(app.writer, sessionUser(request), request.params.id, request.body.vote),
  );

  app.delete(
    '/review/:id/votes',
    {
      schema: { tags, params: idParamsSchema, response: reviewVote },
      preHandler: requireConfirmedUser,
    },
    async (request) => changeReviewVote(app.writer, sessionUser(request), request.params.id, null),
  );

  app.get(
    '/user/tags',
    { schema: { tags, response: { 200: z.array(tagSchema) } }, preHandler: requireUser },
    async (request) => listOwnTags(app.db, sessionUser(request)),
  );

  app.post(
    '/user/tags',
    {
      schema: { tags, body: tagInputSchema, response: { 201: tagSchema } },
      preHandler: requireConfirmedUser,
    },
    async (request, reply) =>
      reply.status(201).send(await createTag(app.db, sessionUser(request), request.body.name)),
  );

  app.patch(
    '/user/tags/:id',
    {
      schema: { tags, params: idParamsSchema, body: tagInputSchema, response: { 200: tagSchema } },
      preHandler: requireConfirmedUser,
    },
    async (request) =>
      renameTag(app.writer, sessionUser(request), request.params.id, request.body.name),
  );

  app.delete(
    '/user/tags/:id',
    {
      schema: { tags, params: idParamsSchema, response: noContent },
      preHandler: requireConfirmedUser,
    },
    async (request, reply) => {
      await deleteTag(app.writer, sessionUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
