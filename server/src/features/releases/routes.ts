import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  pagedReleasesSchema,
  releaseSchema,
  releasesQuerySchema,
} from '@earmark/common';
import { ReleaseListCache } from './list-cache';
import { listReleases } from './lists';
import { releasePageMeta } from './page-meta';
import { getRelease } from './service';

const tags = ['releases'];

export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => releasePageMeta(app.db, pathname));
  // One per app instance: each app (and each test database) ranks its own rows.
  const listCache = new ReleaseListCache();

  app.get(
    '/',
    { schema: { tags, querystring: releasesQuerySchema, response: { 200: pagedReleasesSchema } } },
    async (request) => listReleases(app.db, request.query, new Date(), request.user, listCache),
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: releaseSchema } } },
    async (request) => getRelease(app.db, request.params.id, request.user),
  );
};
