import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { artistSchema, idParamsSchema } from '@earmark/common';
import { artistPageMeta } from './page-meta';
import { followMerge } from '../admin/merge';
import { getArtist } from './service';

const tags = ['artists'];

export const artistsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => artistPageMeta(app.db, pathname));

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: artistSchema } } },
    async (request, reply) =>
      followMerge(app.db, reply, 'artist', request.params.id, () =>
        getArtist(app.db, request.params.id, request.user),
      ),
  );
};
