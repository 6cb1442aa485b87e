import { and, sql } from 'drizzle-orm';
import type { ReleaseSummary, ViewerEntry } from '@earmark/common';
import { anyOfPlaceholder } from '../../db/any-of';
import { batchedPer } from '../../db/batched';
import { readerEntriesKept, readerMayHave } from '../../lib/reader-presence';
import { releaseCardsOf } from '../../lib/release-cards';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { valueUnseenByPlanner } from '../../db/page-bounds';
import { releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { releaseCardColumns, toReleaseSummary, type ReleaseCardRow } from './present';
import { isVisible } from './visibility';
import { viewerEntriesOf } from './summaries';

/** The cards of a list's page read by id (a ranking's page), batched across the requests of a turn. */

const summariesByIds = preparedPer((db) =>
  db
    .select(releaseCardColumns)
    .from(releases)
    .where(and(anyOfPlaceholder(releases.id, 'ids'), isVisible(releases)))
    .prepare('release_summaries_by_ids'),
);

/**
 * A reader's entry on a release as a card's `readersEntries` lists it: the
 * reader, then their entry's id, rating, whether it has a review and track votes.
 */
type ReaderEntryCell = [string, string, number | null, boolean, boolean];

/**
 * The same summaries with the entries of the signed-in readers asking in
 * the same turn: their (reader, release) pairs are probed once each in
 * entries_user_release_key, grouped by release and joined to its card
 * (null where no reader has one). Readers asking for different pages cost
 * only the pairs they asked, not every reader on every release.
 */
const summariesWithReadersByIds = preparedPer((db) =>
  db
    .select({ ...releaseCardColumns, readersEntries: sql<ReaderEntryCell[] | null>`mine.cells` })
    .from(releases)
    .leftJoin(
      sql`(select k.id, json_agg(json_build_array(
            k.reader, e.id, e.rating, e.review is not null, e.track_votes_count > 0)) as cells
          from unnest(${valueUnseenByPlanner(sql.placeholder('pairReaders'), 'text[]')},
            ${valueUnseenByPlanner(sql.placeholder('pairIds'), 'text[]')}) as k(reader, id)
          join ${entries} e on e.user_id = k.reader and e.release_id = k.id
          group by k.id) mine`,
      sql`mine.id = ${releases.id}`,
    )
    .where(and(anyOfPlaceholder(releases.id, 'ids'), isVisible(releases)))
    .prepare('release_summaries_with_readers_by_ids'),
);

/**
 * A page's ids, and the signed-in reader asking for it, if any, with the
 * ids the reader may have an entry on (readerMayHave): only those are probed.
 */
type SummariesAsk = { ids: readonly string[]; reader?: string; probe?: readonly string[] };

/** A page's releases (null where hidden) and, for a reader, their entries on them by release. */
type SummariesRead = { cards: (ReleaseCardRow | null)[]; mine?: Map<string, ViewerEntry> };

/**
 * The releases the list pages of one turn of the event loop ask for, in one
 * statement: each page's ids are one ask (one key of the batch), and a
 * release several pages show is read once. Keyed by id, a page of 25 took
 * 25 of a batch's keys, so readers of one hot page asking together split
 * into a statement per two or three of them, each reading the same rows.
 * The signed-in readers among the asks have their entries on those
 * releases read by the same statement, so a page made for a reader costs
 * one round trip to PostgreSQL, not two.
 */
const summaryBatches = batchedPer<SummariesAsk, SummariesRead>(async (db, asks) => {
  const ids = [...new Set(asks.flatMap((ask) => ask.ids))];
  const pairReaders: string[] = [];
  const pairIds: string[] = [];
  for (const { reader, ids: asked, probe = asked } of asks) {
    if (!reader) continue;
    for (const id of probe) {
      pairReaders.push(reader);
      pairIds.push(id);
    }
  }
  const rows: (ReleaseCardRow & { readersEntries?: ReaderEntryCell[] | null })[] =
    pairIds.length > 0
      ? await summariesWithReadersByIds(db).execute({ ids, pairReaders, pairIds })
      : await summariesByIds(db).execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return asks.map((ask) => {
    const cards = ask.ids.map((id) => byId.get(id) ?? null);
    if (!ask.reader) return { cards };
    const mine = new Map<string, ViewerEntry>();
    for (const card of cards) {
      const cell = card?.readersEntries?.find(([reader]) => reader === ask.reader);
      if (cell) {
        const [, id, rating, hasReview, hasTrackVotes] = cell;
        mine.set(card!.id, { id, rating, hasReview, hasTrackVotes });
      }
    }
    return { cards, mine };
  });
});

/**
 * Summaries of releases by id, in the order of `ids`, in one prepared
 * statement (the rows carry their artists), read together with the other
 * pages' asked for at the same time; one hidden since the ranking was
 * cached is left out.
 */
export async function summariesOf(db: Db, ids: string[]): Promise<ReleaseSummary[]> {
  return (await readSummaries(db, ids, undefined)).summaries;
}

/**
 * The cards of the visible releases among `ids`, read from the database
 * (with the other pages' of the turn: summaryBatches): what the instance's
 * kept cards load (ReleaseCards).
 */
export async function readCards(db: Db, ids: readonly string[]): Promise<ReleaseSummary[]> {
  const read = await summaryBatches(db).load({ ids });
  return read.cards.flatMap((card) => (card ? [toReleaseSummary(card)] : []));
}

/**
 * summariesOf, and with a `reader`, their entries on those releases: kept
 * by the instance (readerEntriesKept), or read with the cards (see
 * summaryBatches). Where the instance keeps cards (ReleaseCards), the cards
 * come from there and the reader's entries are looked up beside them
 * (viewerEntriesOf).
 */
export async function readSummaries(
  db: Db,
  ids: string[],
  reader: string | undefined,
): Promise<{ summaries: ReleaseSummary[]; mine?: Map<string, ViewerEntry> }> {
  if (ids.length === 0) return { summaries: [], mine: reader ? new Map() : undefined };
  const kept = releaseCardsOf(db);
  if (kept) {
    const [cards, mine] = await Promise.all([
      kept.cardsOf(ids),
      reader === undefined ? undefined : viewerEntriesOf(db, reader, ids),
    ]);
    return { summaries: ids.flatMap((id) => cards.get(id) ?? []), mine };
  }
  // The reader's entries kept by the instance are not read again.
  const own = reader === undefined ? undefined : await readerEntriesKept(db, reader, ids);
  const asker = own ? undefined : reader;
  const probe = asker === undefined ? undefined : await readerMayHave(db, asker, ids);
  const read = await summaryBatches(db).load({ ids, reader: asker, probe });
  const summaries = read.cards.flatMap((card) => (card ? [toReleaseSummary(card)] : []));
  return { summaries, mine: own ?? read.mine };
}
