import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  isAdmin,
  userArtistStatsSchema,
  userGenreStatsSchema,
  userIdParamsSchema,
  userLabelStatsSchema,
  userRatingStatsSchema,
  userReleaseDateStatsSchema,
  userTagStatsSchema,
} from '@earmark/common';
import type { z } from 'zod';
import { cacheTags, catalogueTags } from '../../lib/cache-tags';
import { sendCached } from '../../plugins/read-cache';
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
  /**
   * Answers a chart from the read cache: every reader but an admin sees the
   * same chart of a visible user (and a 404 for a hidden one, which is not
   * kept), so it is kept under the user's tag, which their entry, tag and
   * profile writes drop, and `shown`'s tags of the artists, labels or genres
   * it names, which their renames drop (everything: bans, merges, hidden
   * releases). Counts moved by others' catalogue edits (a release's credits,
   * genres or date) follow within the TTL. An admin, who may see hidden
   * users, reads it fresh. Each chart's statement finds its user too (404
   * when there is none to show).
   */
  function chartRoute<V>(
    path: string,
    schema: z.ZodType<V>,
    read: (db: typeof app.db, userId: string, anyAccount?: boolean) => Promise<V>,
    shown: (chart: V) => string[] = () => [],
  ) {
    app.get(
      `/:id/${path}`,
      // The schema as any response's: its type is the generic V's here.
      { schema: { tags, params, response: { 200: schema as z.ZodType } } },
      async (request, reply) => {
        const { id } = request.params;
        if (isAdmin(request.user)) return reply.send(await read(app.db, id, true));
        const chart = await app.readCache.get(
          `user-stats:${path}:${id}`,
          (value) => [cacheTags.user(id), ...shown(value)],
          () => read(app.db, id),
        );
        return sendCached(reply, chart, schema);
      },
    );
  }

  chartRoute('artists', userArtistStatsSchema, artistStats, (chart) =>
    chart.map((row) => catalogueTags.artist(row.artist.id)),
  );
  chartRoute('ratings', userRatingStatsSchema, ratingStats);
  chartRoute('labels', userLabelStatsSchema, labelStats, (chart) =>
    chart.map((row) => catalogueTags.label(row.label.id)),
  );
  chartRoute('genres', userGenreStatsSchema, genreStats, (chart) =>
    chart.map((row) => catalogueTags.genre(row.genre.id)),
  );
  chartRoute('release-date', userReleaseDateStatsSchema, releaseDateStats);
  chartRoute('tags', userTagStatsSchema, tagStats);
};
