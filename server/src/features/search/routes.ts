import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchQuerySchema, searchReplySchema } from '@earmark/common';
import { listRateLimit } from '../../plugins/list-rate-limit';
import { stopSearchIndex } from './search-index';
import { search } from './service';

/**
 * `GET search`: typed live in the header, so every keystroke is a new
 * query; replies are not kept in the read cache (see docs/decisions.md).
 */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  // The ranker's thread goes with the server.
  app.addHook('onClose', () => stopSearchIndex(app.db));
  app.get(
    '/',
    {
      schema: {
        tags: ['search'],
        querystring: searchQuerySchema,
        response: { 200: searchReplySchema },
      },
      config: { rateLimit: listRateLimit(app) },
    },
    async (request) => {
      const { q, type, page, pageSize } = request.query;
      return search(app.db, q, {
        types: type,
        page: { limit: pageSize, offset: (page - 1) * pageSize },
        viewer: request.user,
      });
    },
  );
};
