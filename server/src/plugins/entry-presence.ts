import fp from 'fastify-plugin';
import { and, eq, sql } from 'drizzle-orm';
import { anyOfPlaceholder } from '../db/any-of';
import { batchedPer } from '../db/batched';
import { preparedPer } from '../db/prepared';
import { entries } from '../db/schema/entries';
import { users } from '../db/schema/index';
import {
  ENTRY_USERS_CHANNEL,
  EntryPresence,
  keepEntryPresence,
  type ReaderReleases,
} from '../lib/entry-presence';
import { isRead } from './session';

/**
 * The most entries of a reader whose releases are kept: past it their
 * releases would take longer to read than the probes they save.
 */
const MAX_READER_ENTRIES = 5_000;

/** Each reader's count of entries, and the releases of those with no more than MAX_READER_ENTRIES. */
const readersReleases = preparedPer((db) =>
  db
    .select({ userId: users.id, entriesCount: users.entriesCount, releaseId: entries.releaseId })
    .from(users)
    .leftJoin(
      entries,
      and(
        eq(entries.userId, users.id),
        sql`${users.entriesCount} <= ${sql.raw(String(MAX_READER_ENTRIES))}`,
      ),
    )
    .where(anyOfPlaceholder(users.id, 'users'))
    .prepare('readers_releases'),
);

/** The releases of the readers asking in one turn, in one statement. */
const readerReleaseBatches = batchedPer<string, ReaderReleases | undefined>(async (db, ids) => {
  const rows = await readersReleases(db).execute({ users: [...ids] });
  const read = new Map<string, string[] | null>();
  for (const { userId, entriesCount, releaseId } of rows) {
    if (entriesCount > MAX_READER_ENTRIES) read.set(userId, null);
    else {
      let releases = read.get(userId);
      if (!releases) read.set(userId, (releases = []));
      if (releaseId !== null) releases!.push(releaseId);
    }
  }
  return ids.map((id) => read.get(id));
});

/**
 * Keeps, for the app's read handle, which releases its recent signed-in
 * readers have entries on (see EntryPresence), told by PostgreSQL when a
 * reader gains one; a reader's own write drops theirs at once, before the
 * announcement arrives.
 */
export const entryPresencePlugin = fp(async (app) => {
  if (app.config.readerReleasesKept <= 0) return;
  const presence = new EntryPresence({
    load: (userId) => readerReleaseBatches(app.db).load(userId),
    maxKept: app.config.readerReleasesKept,
  });
  const stop = await app.database.listen(ENTRY_USERS_CHANNEL, presence.channelHandlers);
  const unkeep = keepEntryPresence(app.db, presence);
  app.addHook('onClose', async () => {
    unkeep();
    presence.notListening();
    await stop();
  });
  app.addHook('onResponse', async (request) => {
    if (request.user && !isRead(request)) presence.dropUsers([request.user.id]);
  });
  app.decorate('entryPresence', presence);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Which releases recent readers have entries on; absent when not kept. */
    entryPresence?: EntryPresence;
  }
}
