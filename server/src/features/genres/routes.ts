import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  genreSchema,
  idParamsSchema,
  releaseGenreVoteInputSchema,
  releaseGenreVotesSchema,
} from '@earmark/common';
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
    async (request) => voteOnGenre(app.writer, sessionUser(request), request.body),
  );

  app.delete(
    '/rg/:id',
    { schema: { tags, params: idParamsSchema, response: votesReply }, preHandler: requireUser },
    async (request) => removeGenreVote(app.writer, sessionUser(request), request.params.id),
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: genreSchema } } },
    async (request) => getGenre(app.db, request.params.id),
  );
};
