import fp from 'fastify-plugin';
import type { ViewerEntry } from '@earmark/common';
import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { anyOfPlaceholder } from '../db/any-of';
import { batchedPer } from '../db/batched';
import { preparedPer } from '../db/prepared';
import { entries, reviewVotes } from '../db/schema/entries';
import { listLikes } from '../db/schema/lists';
import { users } from '../db/schema/index';
import {
  READER_ROWS_CHANNEL,
  ReaderPresence,
  keepReaderPresence,
  type ReaderRows,
} from '../lib/reader-presence';
import { isRead } from './session';

/**
 * The most rows of one kind (entries, review votes, list likes) of a reader
 * whose ids are kept: past it they would take longer to read than the
 * probes they save, and nothing of theirs is narrowed.
 */
const MAX_OWN_ROWS = 5_000;

/**
 * Each reader's count of entries, and the entries of those with no more than
 * MAX_OWN_ROWS: their release and what a page shows of them (ViewerEntry).
 */
const readersEntries = preparedPer((db) =>
  db
    .select({
      userId: users.id,
      entriesCount: users.entriesCount,
      releaseId: entries.releaseId,
      id: entries.id,
      rating: entries.rating,
      hasReview: sql<boolean>`${entries.review} is not null`,
      hasTrackVotes: sql<boolean>`${entries.trackVotesCount} > 0`,
    })
    .from(users)
    .leftJoin(
      entries,
      and(
        eq(entries.userId, users.id),
        sql`${users.entriesCount} <= ${sql.raw(String(MAX_OWN_ROWS))}`,
      ),
    )
    .where(anyOfPlaceholder(users.id, 'users'))
    .prepare('readers_entries'),
);

/** Up to one more than MAX_OWN_ROWS of each reader's `table` rows' ids (`id`), with its reader. */
function readersRowsOf(
  db: DbOrTx,
  name: string,
  table: typeof reviewVotes | typeof listLikes,
  id: AnyPgColumn,
) {
  const own = db
    .select({ ownId: sql<string>`${id}`.as('own_id') })
    .from(table)
    .where(eq(table.userId, users.id))
    .limit(MAX_OWN_ROWS + 1)
    .as('own');
  return db
    .select({ userId: users.id, id: own.ownId })
    .from(users)
    .innerJoinLateral(own, sql`true`)
    .where(anyOfPlaceholder(users.id, 'users'))
    .prepare(name);
}

/** The reviews the readers voted on (their entries' ids). */
const readersVotes = preparedPer((db) =>
  readersRowsOf(db, 'readers_voted_reviews', reviewVotes, reviewVotes.entryId),
);

/** The lists the readers liked. */
const readersLikes = preparedPer((db) =>
  readersRowsOf(db, 'readers_liked_lists', listLikes, listLikes.listId),
);

/**
 * The rows the readers asking in one turn have: their entries (by release),
 * the reviews they voted on, the lists they liked; three statements side by
 * side, whatever the number of readers.
 */
const readerRowBatches = batchedPer<string, ReaderRows | undefined>(async (db, ids) => {
  const users = [...ids];
  const [entryRows, voteRows, likeRows] = await Promise.all([
    readersEntries(db).execute({ users }),
    readersVotes(db).execute({ users }),
    readersLikes(db).execute({ users }),
  ]);
  const read = new Map<string, { ids: string[]; entries: Map<string, ViewerEntry> } | null>();
  for (const { userId, entriesCount, releaseId, ...entry } of entryRows) {
    if (entriesCount > MAX_OWN_ROWS) read.set(userId, null);
    else {
      let own = read.get(userId);
      if (own === undefined) read.set(userId, (own = { ids: [], entries: new Map() }));
      // No entry (the left join's nulls): nothing to keep.
      if (releaseId !== null) {
        own!.ids.push(releaseId);
        // Frozen: pages share it, and its JSON is written once (see overlaidJson).
        own!.entries.set(releaseId, Object.freeze(entry as ViewerEntry));
      }
    }
  }
  for (const rows of [voteRows, likeRows]) {
    const counts = new Map<string, number>();
    for (const { userId, id } of rows) {
      const count = (counts.get(userId) ?? 0) + 1;
      counts.set(userId, count);
      const own = read.get(userId);
      if (!own) continue;
      if (count > MAX_OWN_ROWS) read.set(userId, null);
      else own.ids.push(id);
    }
  }
  return ids.map((id) => read.get(id));
});

/**
 * Keeps, for the app's read handle, where its recent signed-in readers have
 * rows of their own (entries, votes, likes: see ReaderPresence) and their
 * entries, told by PostgreSQL when a reader gains one or an entry of theirs
 * changes or goes; a reader's own write drops theirs at once, before the
 * announcement arrives.
 */
export const readerPresencePlugin = fp(async (app) => {
  if (app.config.readerIdsKept <= 0) return;
  const presence = new ReaderPresence({
    load: (userId) => readerRowBatches(app.db).load(userId),
    maxKept: app.config.readerIdsKept,
  });
  const stop = await app.database.listen(READER_ROWS_CHANNEL, presence.channelHandlers);
  const unkeep = keepReaderPresence(app.db, presence);
  app.addHook('onClose', async () => {
    unkeep();
    presence.notListening();
    await stop();
  });
  app.addHook('onResponse', async (request) => {
    if (request.user && !isRead(request)) presence.dropUsers([request.user.id]);
  });
  app.decorate('readerPresence', presence);
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Where recent readers have rows of their own; absent when not kept. */
    readerPresence?: ReaderPresence;
  }
}
