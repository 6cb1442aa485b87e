import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_TYPES, type SearchType } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { anyOf } from '../../db/any-of';
import { executeNamed } from '../../db/prepared';
import { sameTurnRuns } from '../../lib/same-turn';
import { resultRows, rowsOf } from '../../db/rows';
import { artists, genres, labels, releases } from '../../db/schema/catalogue';
import { searchChanges } from '../../db/schema/search-text';
import { users } from '../../db/schema/users';
import { isVisible, visibleAccount } from '../../db/visibility';
import type { IndexedRow, KindPage } from './memory';
import type { Page, RankerCall } from './ranker';
import { RankerThread } from './ranker-thread';
import type { Terms } from './words';
import { withFields } from '../../lib/objects';

/**
 * The searchable rows of every kind, held in this server's memory by the
 * ranker's thread (ranker.ts, ranker-thread.ts) and kept in step with the
 * database from this side: a search ranks in memory
 * what would otherwise be a thousand candidates read and tested per kind in
 * the database on every keystroke.
 *
 * The first search loads the visible rows of each kind. Every later search
 * first reads (in one statement, shared by the searches asked in the same
 * turn of the event loop: see refresh) the rows the `search_changes` table says
 * changed since (triggers of the five tables write it: a row added,
 * removed, or its text, popularity, names or visibility changed), with their
 * state now; so a search sees every write committed before it began,
 * whichever server made it. "Since" is a transaction id: the oldest
 * transaction still running when the last read was taken (its snapshot's
 * xmin). Every transaction that had not finished then has an id at least
 * that, so its changes are read again until they are seen committed; a
 * change is applied by reading the row's state, so reading it twice is
 * harmless.
 *
 * Visibility is the one rule of db/visibility.ts: a hidden row is read as
 * absent and taken out.
 */

interface Source {
  table: typeof releases | typeof artists | typeof labels | typeof genres | typeof users;
  visible: SQL;
  popularity: SQL;
  name: SQL;
  nameLatin: SQL;
}

const credited = (table: typeof artists | typeof labels): Source => ({
  table,
  visible: isVisible(table),
  popularity: sql`${table.releasesCount}`,
  name: sql`${table.name}`,
  nameLatin: sql`${table.nameLatin}`,
});

const sources: Record<SearchType, Source> = {
  releases: {
    table: releases,
    visible: isVisible(releases),
    popularity: sql`${releases.ratingsCount}`,
    name: sql`null::text`,
    nameLatin: sql`null::text`,
  },
  artists: credited(artists),
  labels: credited(labels),
  genres: {
    table: genres,
    visible: isVisible(genres),
    popularity: sql`${genres.releasesCount}`,
    name: sql`${genres.name}`,
    nameLatin: sql`null::text`,
  },
  users: {
    table: users,
    visible: visibleAccount(),
    popularity: sql`${users.followersCount}`,
    name: sql`null::text`,
    nameLatin: sql`null::text`,
  },
};

const columns = (s: Source) => sql`${s.table.searchText} as text, ${s.popularity} as popularity,
  ${s.name} as name, ${s.nameLatin} as "nameLatin"`;

/** The oldest transaction still running as the statement reads: what the next read starts from. */
const snapshotXmin = sql`(select pg_snapshot_xmin(pg_current_snapshot())::text)`;

/** The rows of `kind` with those ids, as they are now; a hidden or removed one is not among them. */
function rowsSql(kind: SearchType, ids: readonly string[]): SQL {
  const s = sources[kind];
  return sql`select ${s.table.id} as id, ${columns(s)} from ${s.table}
    where ${anyOf(s.table.id, ids)} and ${s.visible}`;
}

/**
 * The most changes a read applies one by one: past that (a bulk load, a
 * recount), every kind is loaded again. Bounded, so the prepared statement's
 * generic plan reads the change table's transaction index, not the table.
 */
const CHANGES_MAX = 5000;

/** Rows as the database gives them (bigint counts as text) to rows as the ranker holds them. */
const indexed = (rows: IndexedRow[]): IndexedRow[] =>
  rows.map((row) => withFields(row, { popularity: Number(row.popularity) }));

export class SearchIndex {
  private readonly ranker: RankerThread;
  /** Transactions from this one on may have changes not read yet. */
  private since = '0';
  /** Reads are numbered as they start; one that ends after a later one's is dropped. */
  private started = 0;
  private applied = 0;
  private reloading: Promise<void> | undefined;
  /** The read of changes the searches of this turn share (see refresh). */
  private readonly refreshing = new Map<string, Promise<void>>();

  /** `onFailure`: told if the ranker's thread fails (the index is then of no more use). */
  constructor(onFailure: () => void) {
    this.ranker = new RankerThread(onFailure);
  }

  /** Each kind's page of ranked rows and its count, as the index stands. */
  async rank(
    typed: Terms,
    types: readonly SearchType[],
    page: Page,
  ): Promise<Map<SearchType, KindPage>> {
    return new Map(await this.ask({ op: 'rank', typed, types, page }));
  }

  private async ask(call: RankerCall) {
    return (await this.ranker.call(call)) ?? [];
  }

  stop(): Promise<void> {
    return this.ranker.stop();
  }

  /** Every visible row of each kind, read afresh (the first search, or after a bulk change). */
  load(db: DbOrTx): Promise<void> {
    this.reloading ??= (async () => {
      const number = (this.started += 1);
      const [first] = await rowsOf<{ xmin: string }>(db, sql`select ${snapshotXmin} as xmin`);
      const rows = {} as Record<SearchType, IndexedRow[]>;
      for (const kind of SEARCH_TYPES) {
        const s = sources[kind];
        rows[kind] = indexed(
          await rowsOf<IndexedRow>(
            db,
            sql`select ${s.table.id} as id, ${columns(s)} from ${s.table} where ${s.visible}`,
          ),
        );
      }
      await this.ask({ op: 'load', rows });
      this.applied = number;
      this.since = first!.xmin;
    })().finally(() => {
      this.reloading = undefined;
    });
    return this.reloading;
  }

  /**
   * Brings the index up to what the database holds as the search began:
   * the searches asked in one turn of the event loop share one read of the
   * changes, made in the next (sameTurnRuns), so it starts after each of
   * them began and sees every write committed before; a search asked once
   * that read has started waits for one of its own. Under load, searches
   * arriving together cost one round trip for the changes, not one each.
   */
  refresh(db: DbOrTx): Promise<void> {
    return sameTurnRuns(this.refreshing, '', () => this.readChanges(db));
  }

  /**
   * Reads the changes since the last read and applies them: the rows
   * changed, when there are some, in a second statement.
   */
  private async readChanges(db: DbOrTx): Promise<void> {
    const number = (this.started += 1);
    const statement = sql`select ${snapshotXmin} as xmin,
      (select coalesce(json_agg(json_build_array(c.kind, c.id)), '[]') from (
        select c.kind, c.id from ${searchChanges} c where c.xid >= ${this.since}::xid8
        order by c.xid limit ${CHANGES_MAX + 1}) c) as changed`;
    const [row] = resultRows<{ xmin: string; changed: [SearchType, string][] }>(
      await executeNamed(db, 'search_changes', statement),
    );
    const { xmin, changed } = row!;
    if (changed.length > CHANGES_MAX) {
      await this.load(db);
      return;
    }
    const byKind = new Map<SearchType, string[]>();
    for (const [kind, id] of changed) {
      const ids = byKind.get(kind);
      if (ids) ids.push(id);
      else byKind.set(kind, [id]);
    }
    const changes: { kind: SearchType; rows: IndexedRow[]; removed: string[] }[] = [];
    for (const [kind, ids] of byKind) {
      const rows = indexed(await rowsOf<IndexedRow>(db, rowsSql(kind, ids)));
      const present = new Set(rows.map((r) => r.id));
      changes.push({ kind, rows, removed: ids.filter((id) => !present.has(id)) });
    }
    // A read that began before one already applied brings nothing newer.
    if (number <= this.applied) return;
    this.applied = number;
    this.since = xmin;
    // Applied before any search asked after it: the thread answers in order.
    if (changes.length > 0) await this.ask({ op: 'apply', changes });
  }
}

const loaded = new WeakMap<object, Promise<SearchIndex>>();

/** The search index of the database `db` (loaded on first use). */
export function searchIndexOf(db: DbOrTx): Promise<SearchIndex> {
  let index = loaded.get(db);
  if (!index) {
    const forget = () => {
      if (loaded.get(db) === index) loaded.delete(db);
    };
    // A failed load, or a ranker that stops, is made afresh by the next search.
    const made = new SearchIndex(forget);
    index = made.load(db).then(() => made);
    index.catch(() => {
      forget();
      void made.stop();
    });
    loaded.set(db, index);
  }
  return index;
}

/** Stops the search index of `db`, if it has one (the server closing). */
export async function stopSearchIndex(db: DbOrTx): Promise<void> {
  const index = loaded.get(db);
  if (!index) return;
  loaded.delete(db);
  await (await index.catch(() => null))?.stop();
}
