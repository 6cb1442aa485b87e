import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  userArtistStatsSchema,
  userGenreStatsSchema,
  userIdParamsSchema,
  userLabelStatsSchema,
  userRatingStatsSchema,
  userReleaseDateStatsSchema,
  userTagStatsSchema,
} from '@earmark/common';
import type { FastifyRequest } from 'fastify';
import { requireVisibleUser } from '../users/service';
import {
  artistStats,
  genreStats,
  labelStats,
  ratingStats,
  releaseDateStats,
  tagStats,
} from './service';

const tags = ['user stats'];
const params = userIdParamsSchema;

/** Registered under /api/entries/user: GET {id}/artists, ratings, labels, genres, release-date, tags. */
export const userStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The user whose charts are asked for: 404 when unknown or hidden from the viewer. */
  async function statsUserId(request: Pick<FastifyRequest, 'user'> & { params: { id: string } }) {
    const user = await requireVisibleUser(app.db, request.params.id, request.user);
    return user.id;
  }

  app.get(
    '/:id/artists',
    { schema: { tags, params, response: { 200: userArtistStatsSchema } } },
    async (request) => artistStats(app.db, await statsUserId(request)),
  );

  app.get(
    '/:id/ratings',
    { schema: { tags, params, response: { 200: userRatingStatsSchema } } },
    async (request) => ratingStats(app.db, await statsUserId(request)),
  );

  app.get(
    '/:id/labels',
    { schema: { tags, params, response: { 200: userLabelStatsSchema } } },
    async (request) => labelStats(app.db, await statsUserId(request)),
  );

  app.get(
    '/:id/genres',
    { schema: { tags, params, response: { 200: userGenreStatsSchema } } },
    async (request) => genreStats(app.db, await statsUserId(request)),
  );

  app.get(
    '/:id/release-date',
    { schema: { tags, params, response: { 200: userReleaseDateStatsSchema } } },
    async (request) => releaseDateStats(app.db, await statsUserId(request)),
  );

  app.get(
    '/:id/tags',
    { schema: { tags, params, response: { 200: userTagStatsSchema } } },
    async (request) => tagStats(app.db, await statsUserId(request)),
  );
};
