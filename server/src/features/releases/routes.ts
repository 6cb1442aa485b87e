import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  pagedReleasesSchema,
  releaseSchema,
  releasesQuerySchema,
  type PagedReleases,
  type ViewerEntry,
} from '@earmark/common';
import { releaseListPageTags, releasePageTags } from '../../lib/cache-tags';
import { listRateLimit } from '../../plugins/list-rate-limit';
import { sendCached, sendOverlaid } from '../../plugins/read-cache';
import { readerEntriesHeld } from '../../lib/reader-presence';
import { utcDay } from './dates';
import { ReleaseListCache } from './list-cache';
import { listReleases, listReleasesFor } from './lists';
import { releasePageMeta } from './page-meta';
import { followMerge } from '../admin/merge';
import { readReleasePage, withViewerEntry } from './service';
import { readerEntriesOn, type MadeForReader } from './summaries';
import { withFields } from '../../lib/objects';

const tags = ['releases'];

/**
 * Release pages and lists are read far more than written: their public part
 * comes from the read cache, and a signed-in viewer's own entries are laid
 * over it on every request.
 */
export const releasesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addPageMeta((pathname) => releasePageMeta(app.db, pathname));
  // One per app instance: each app (and each test database) ranks its own rows.
  const listCache = new ReleaseListCache();

  app.get(
    '/',
    {
      schema: { tags, querystring: releasesQuerySchema, response: { 200: pagedReleasesSchema } },
      config: { rateLimit: listRateLimit(app) },
    },
    async (request, reply) => {
      const now = new Date();
      const user = request.user;
      // Set when this request made the page for its reader: their entries came with it.
      const made: MadeForReader<PagedReleases> = {};
      // The day is part of the key: which releases are new or upcoming changes at midnight.
      const key = `releases:${utcDay(now)}:${JSON.stringify(request.query)}`;
      // A reader whose entries the instance holds gets them from there: the
      // page is everyone's, made once for the askers of a turn with the cache off.
      const forReader = user ? !readerEntriesHeld(app.db, user.id) : false;
      const page = await app.readCache.get(
        key,
        (value) => releaseListPageTags(request.query, value.releases),
        async () => {
          if (!user || !forReader) return listReleases(app.db, request.query, now, listCache);
          Object.assign(made, await listReleasesFor(app.db, request.query, user, now, listCache));
          return made.page!;
        },
        forReader,
      );
      if (!user) return sendCached(reply, page, pagedReleasesSchema);
      // The viewer's entries laid over the page's checked JSON: checking the
      // whole page against the schema again for each signed-in reader cost
      // more than reading their entries.
      const mine = await readerEntriesOn(app.db, user, page.value, made, (value) =>
        value.releases.map((r) => r.id),
      );
      return sendOverlaid(reply, page, pagedReleasesSchema, (value, place) => {
        for (const r of value.releases) place(r, 'viewerEntry', mine.get(r.id) ?? null);
      });
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: idParamsSchema, response: { 200: releaseSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const viewer = request.user;
      return followMerge(app.db, reply, 'release', id, async () => {
        // Set when this request read the page itself: its viewer's entry came with it.
        let mine: ViewerEntry | null | undefined;
        const release = await app.readCache.get(
          `release:${id}`,
          releasePageTags,
          async () => {
            const read = await readReleasePage(app.db, id, viewer?.id ?? null);
            mine = read.viewerEntry;
            return read.release;
          },
          Boolean(viewer),
        );
        if (!viewer) return sendCached(reply, release, releaseSchema);
        if (mine !== undefined) return withFields(release.value, { viewerEntry: mine });
        return withViewerEntry(app.db, release.value, viewer);
      });
    },
  );
};
