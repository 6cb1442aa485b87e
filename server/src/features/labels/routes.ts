import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, labelSchema } from '@earmark/common';
import { labelPageMeta } from './page-meta';
import { followMerge } from '../admin/merge';
import { getLabel } from './service';

const tags = ['labels'];

export const labelsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => labelPageMeta(app.db, pathname));

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: labelSchema } } },
    async (request, reply) =>
      followMerge(app.db, reply, 'label', request.params.id, () =>
        getLabel(app.db, request.params.id),
      ),
  );
};
