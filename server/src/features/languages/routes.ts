import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageSchema } from '@earmark/common';
import { listLanguages } from './service';

const tags = ['languages'];

export const languagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { tags, response: { 200: z.array(languageSchema) } } },
    async (_request, reply) => {
      // The list changes only with a new version, so browsers may keep it a while.
      reply.header('cache-control', 'public, max-age=3600');
      return listLanguages(app.db);
    },
  );
};
