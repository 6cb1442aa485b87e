import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { artistSchema, idParamsSchema } from '@earmark/common';
import { artistPageMeta } from './page-meta';
import { getArtist } from './service';

const tags = ['artists'];

export const artistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => artistPageMeta(app.db, pathname));

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: artistSchema } } },
    async (request) => getArtist(app.db, request.params.id, request.user),
  );
};
