import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  genreSchema,
  idParamsSchema,
  releaseGenreVoteInputSchema,
  releaseGenreVotesSchema,
} from '@earmark/common';
import { cacheTags } from '../../plugins/read-cache';
import { requireConfirmedUser, requireUser, sessionUser } from '../../plugins/session';
import { genrePageMeta } from './page-meta';
import { getGenre } from './service';
import { getReleaseGenreVotes, removeGenreVote, voteOnGenre } from './votes';

const tags = ['genres'];
const votesReply = { 200: releaseGenreVotesSchema };

export const genresRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => genrePageMeta(app.db, pathname));

  // Declared before '/:id' for readability; the router matches static segments first anyway.
  app.get(
    '/release/:id',
    { schema: { tags, params: idParamsSchema, response: votesReply } },
    async (request) => getReleaseGenreVotes(app.db, request.params.id, request.user),
  );

  app.post(
    '/rg',
    {
      schema: { tags, body: releaseGenreVoteInputSchema, response: votesReply },
      preHandler: requireConfirmedUser,
    },
    async (request) => {
      const votes = await voteOnGenre(app.db, sessionUser(request), request.body);
      app.readCache.invalidate(cacheTags.release(request.body.releaseId));
      return votes;
    },
  );

  app.delete(
    '/rg/:id',
    { schema: { tags, params: idParamsSchema, response: votesReply }, preHandler: requireUser },
    async (request) => {
      const { releaseId, votes } = await removeGenreVote(
        app.db,
        sessionUser(request),
        request.params.id,
      );
      app.readCache.invalidate(cacheTags.release(releaseId));
      return votes;
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: genreSchema } } },
    async (request) => getGenre(app.db, request.params.id),
  );
};
