import fp from 'fastify-plugin';
import { readCards } from '../features/releases/list-summaries';
import { cacheTags, catalogueTags } from '../lib/cache-tags';
import { ALL_TAG } from '../lib/read-cache';
import { RELEASE_CARDS_CHANNEL, ReleaseCards, keepReleaseCards } from '../lib/release-cards';

const releaseTag = cacheTags.release('');
const catalogueReleaseTag = catalogueTags.release('');

/**
 * The releases a write of this instance names in its read-cache tags (its
 * community data, its catalogue record), or '*' for a write that changes
 * everything: dropped at once, before PostgreSQL's announcement arrives,
 * so the writer's next page shows the change.
 */
function releasesOf(tags: readonly string[]): string[] | '*' {
  const ids: string[] = [];
  for (const tag of tags) {
    if (tag === ALL_TAG) return '*';
    if (tag.startsWith(releaseTag)) ids.push(tag.slice(releaseTag.length));
    else if (tag.startsWith(catalogueReleaseTag)) ids.push(tag.slice(catalogueReleaseTag.length));
  }
  return ids;
}

/**
 * Keeps, for the app's read handle, the cards of the releases its lists
 * showed lately (ReleaseCards), dropped when PostgreSQL announces a change
 * to one (migration 0045), and at once for this instance's own writes.
 */
export const releaseCardsPlugin = fp(
  async (app) => {
    if (app.config.releaseCardsKept <= 0) return;
    const cards = new ReleaseCards({
      load: (ids) => readCards(app.db, ids),
      maxKept: app.config.releaseCardsKept,
    });
    const stop = await app.database.listen(RELEASE_CARDS_CHANNEL, cards.channelHandlers);
    const unkeep = keepReleaseCards(app.db, cards);
    const unhear = app.readCache.onInvalidate((tags) => {
      const ids = releasesOf(tags);
      if (ids === '*') cards.clear();
      else if (ids.length > 0) cards.dropIds(ids);
    });
    app.addHook('onClose', async () => {
      unhear();
      unkeep();
      cards.notListening();
      await stop();
    });
    app.decorate('releaseCards', cards);
  },
  { dependencies: ['read-cache'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The release cards the instance keeps; absent when not kept. */
    releaseCards?: ReleaseCards;
  }
}
