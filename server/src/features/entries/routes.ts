import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createEntrySchema,
  entriesQuerySchema,
  entrySchema,
  idParamsSchema,
  pagedEntriesSchema,
  reviewVoteReplySchema,
  tagInputSchema,
  tagSchema,
  trackVoteReplySchema,
  updateEntrySchema,
  voteInputSchema,
  type VoteType,
} from '@earmark/common';
import type { UserRow } from '../../db/schema/users';
import { listRateLimit } from '../../plugins/list-rate-limit';
import { cacheTags, entryWriteTags, sendCached } from '../../plugins/read-cache';
import { requireConfirmedUser, requireUser, sessionUser } from '../../plugins/session';
import { listEntries, type ParsedEntriesQuery } from './list';
import { withViewerParts } from './present';
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
      const { query } = request;
      const page = await app.readCache.get(
        `entries:${JSON.stringify(query)}`,
        listTags(query),
        () => listEntries(app.db, query),
      );
      if (!request.user) return sendCached(reply, page, pagedEntriesSchema);
      return {
        ...page.value,
        entries: await withViewerParts(app.db, page.value.entries, request.user),
      };
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
      const { entry, created } = await saveEntry(app.db, sessionUser(request), request.body);
      app.readCache.invalidate(...entryWriteTags(entry.releaseId, entry.user.id));
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
    async (request) => {
      const entry = await updateEntry(
        app.db,
        sessionUser(request),
        request.params.id,
        request.body,
      );
      app.readCache.invalidate(...entryWriteTags(entry.releaseId, entry.user.id));
      return entry;
    },
  );

  app.delete(
    '/:id',
    {
      schema: { tags, params: idParamsSchema, response: noContent },
      preHandler: requireConfirmedUser,
    },
    async (request, reply) => {
      const owner = sessionUser(request);
      const { releaseId } = await deleteEntry(app.db, owner, request.params.id);
      app.readCache.invalidate(...entryWriteTags(releaseId, owner.id));
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
      const owner = sessionUser(request);
      const result = await voteOnTrack(app.db, owner, releaseId, trackId, request.body.vote);
      app.readCache.invalidate(...entryWriteTags(releaseId, owner.id));
      return result;
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
      const owner = sessionUser(request);
      const result = await removeTrackVote(app.db, owner, releaseId, trackId);
      app.readCache.invalidate(...entryWriteTags(releaseId, owner.id));
      return result;
    },
  );

  const reviewVote = { 200: reviewVoteReplySchema };
  const changeVote = async (actor: UserRow, entryId: string, vote: VoteType | null) => {
    const { reply, releaseId, ownerId } = await changeReviewVote(app.db, actor, entryId, vote);
    app.readCache.invalidate(...entryWriteTags(releaseId, ownerId));
    return reply;
  };
  app.post(
    '/review/:id/votes',
    {
      schema: { tags, params: idParamsSchema, body: voteInputSchema, response: reviewVote },
      preHandler: requireConfirmedUser,
    },
    async (request) => changeVote(sessionUser(request), request.params.id, request.body.vote),
  );

  app.delete(
    '/review/:id/votes',
    {
      schema: { tags, params: idParamsSchema, response: reviewVote },
      preHandler: requireConfirmedUser,
    },
    async (request) => changeVote(sessionUser(request), request.params.id, null),
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
    async (request) => {
      const owner = sessionUser(request);
      const tag = await renameTag(app.db, owner, request.params.id, request.body.name);
      app.readCache.invalidate(cacheTags.user(owner.id), cacheTags.entries);
      return tag;
    },
  );

  app.delete(
    '/user/tags/:id',
    {
      schema: { tags, params: idParamsSchema, response: noContent },
      preHandler: requireConfirmedUser,
    },
    async (request, reply) => {
      const owner = sessionUser(request);
      await deleteTag(app.db, owner, request.params.id);
      app.readCache.invalidate(cacheTags.user(owner.id), cacheTags.entries);
      return reply.status(204).send(null);
    },
  );
};
