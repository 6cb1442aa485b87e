import { isTransaction, type DbOrTx } from '../db/client';
import type { ViewerEntry } from '@earmark/common';
import { KeptPerUser } from './kept-per-user';

/**
 * Where each recent signed-in reader has rows of their own: the releases
 * they have an entry on, the reviews they voted on, the lists they liked;
 * and their entries themselves, with what a page shows of them (the
 * entry's id, its rating, whether it has a review and track votes). A
 * page's lookup of the reader's own parts then probes only the ids they
 * may have a row at (their vote on each review, their like of each list),
 * or none at all (their entry on each release, read from here): a page of
 * 48 releases cost 48 probes of entries_user_release_key, and a page of 24
 * reviews 24 probes of review_votes for a reader who voted on none.
 *
 * What is kept is exact, not a copy that may be old: PostgreSQL announces
 * on READER_ROWS_CHANNEL, when the transaction commits, every user who
 * gained such a row (a new entry, vote or like, or an entry moved by a
 * merge), and every user whose entry changed what is kept of it or was
 * removed (the triggers of the entry users, vote and like users and reader
 * entry changes migrations); every instance listening drops that user's
 * rows. While it is not listening nothing is kept, and a reader's rows read
 * while one of their announcements arrived are not kept either. The ids of
 * the three kinds are kept together, each as a 32-bit hash: two ids of one
 * hash, of one kind or of two, only make one probe more, never one less. A
 * vote or like removed needs no announcement: an id kept for a reader who
 * has no row there any more costs one probe that finds nothing.
 */
export const READER_ROWS_CHANNEL = 'earmark_entry_users';

/**
 * A reader's rows as read: the ids where they have rows (releases, reviews,
 * lists) and their entries by release; null when they have too many to keep.
 */
export type ReaderRows = {
  ids: readonly string[];
  entries: ReadonlyMap<string, ViewerEntry>;
} | null;

/** What is kept of a reader: their ids' hashes, sorted, and their entries by release. */
interface Kept {
  hashes: Uint32Array;
  entries: ReadonlyMap<string, ViewerEntry>;
}

/** FNV-1a of an id's UTF-16 code units, unsigned. */
export function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Whether the sorted `hashes` hold `h` (binary search). */
function holds(hashes: Uint32Array, h: number): boolean {
  let lo = 0;
  let hi = hashes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const v = hashes[mid]!;
    if (v === h) return true;
    if (v < h) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

function hashesOf(ids: readonly string[]): Uint32Array {
  const hashes = new Uint32Array(ids.length);
  for (let i = 0; i < ids.length; i++) hashes[i] = idHash(ids[i]!);
  return hashes.sort();
}

export interface ReaderPresenceOptions {
  /** Reads a reader's rows (null: too many to keep; undefined: no such reader). */
  load: (userId: string) => Promise<ReaderRows | undefined>;
  /** The most ids kept for all readers together; the least recently read go first. */
  maxKept: number;
}

export class ReaderPresence extends KeptPerUser {
  /** Each kept reader's rows, or null: too many, nothing to narrow. */
  private readonly kept = new Map<string, Kept | null>();
  private keptSize = 0;
  /** Readers being read: one read for all who ask meanwhile. */
  private readonly reading = new Map<string, Promise<Kept | null | undefined>>();
  /** Counts drops; a read keeps what it read only if nothing it read was dropped since it began. */
  private epoch = 0;
  private everyoneDroppedAt = 0;
  /** When each reader was last dropped, while reads are under way (cleared when none is). */
  private readonly droppedAt = new Map<string, number>();

  constructor(private readonly options: ReaderPresenceOptions) {
    super();
  }

  /** Whether a reader's ids are kept (null, too many, counts). */
  keeps(userId: string): boolean {
    return this.kept.has(userId);
  }

  /** How many readers are kept. */
  get size(): number {
    return this.kept.size;
  }

  /**
   * The ids of `ids` the reader may have a row at: those whose hash is
   * among their ids once these are known, or all of `ids`.
   */
  async narrow(userId: string, ids: readonly string[]): Promise<readonly string[]> {
    if (!this.listening || ids.length === 0) return ids;
    const rows = await this.rowsOf(userId);
    if (!rows) return ids;
    const { hashes } = rows;
    return ids.filter((id) => holds(hashes, idHash(id)));
  }

  /**
   * The reader's entries on the releases `ids`, by release, once their rows
   * are known and kept; undefined when they are not (not listening, too
   * many, or an announcement of theirs came while they were read): the
   * caller looks them up.
   */
  async entriesOn(
    userId: string,
    ids: readonly string[],
  ): Promise<Map<string, ViewerEntry> | undefined> {
    if (!this.listening) return undefined;
    const rows = await this.rowsOf(userId);
    if (!rows) return undefined;
    const found = new Map<string, ViewerEntry>();
    for (const id of ids) {
      const entry = rows.entries.get(id);
      if (entry) found.set(id, entry);
    }
    return found;
  }

  /** Whether the reader's entries are kept (see entriesOn): they are then read from here. */
  holdsEntriesOf(userId: string): boolean {
    return this.listening && Boolean(this.kept.get(userId));
  }

  /** Starts reading the reader's rows unless they are kept or being read: later pages find them. */
  readAhead(userId: string): void {
    if (!this.listening || this.kept.has(userId)) return;
    // A read that fails keeps nothing: the pages that need the rows look them up.
    this.read(userId).catch(() => undefined);
  }

  /** The reader's rows, kept or read (and then kept unless dropped meanwhile). */
  private rowsOf(userId: string): Kept | null | undefined | Promise<Kept | null | undefined> {
    const rows = this.kept.get(userId);
    if (rows === undefined) return this.read(userId);
    // Read again: the least recently read reader is dropped first.
    this.kept.delete(userId);
    this.kept.set(userId, rows);
    return rows;
  }

  /** Reads a reader's rows, kept unless one of their announcements came meanwhile. */
  private read(userId: string): Promise<Kept | null | undefined> {
    let pending = this.reading.get(userId);
    if (pending) return pending;
    const began = this.epoch;
    pending = this.options
      .load(userId)
      .then((own) => {
        if (own === undefined) return undefined;
        const rows = own ? { hashes: hashesOf(own.ids), entries: own.entries } : null;
        const dropped = Math.max(this.everyoneDroppedAt, this.droppedAt.get(userId) ?? 0);
        if (this.listening && dropped <= began) this.keep(userId, rows);
        // Read while an announcement came: used for no page, as it may miss that row.
        return dropped <= began ? rows : undefined;
      })
      .finally(() => {
        this.reading.delete(userId);
        if (this.reading.size === 0) this.droppedAt.clear();
      });
    this.reading.set(userId, pending);
    return pending;
  }

  private keep(userId: string, rows: Kept | null): void {
    this.forget(userId);
    this.kept.set(userId, rows);
    this.keptSize += rows?.hashes.length ?? 0;
    while (this.keptSize > this.options.maxKept && this.kept.size > 1) {
      const oldest = this.kept.keys().next();
      if (oldest.done) break;
      this.forget(oldest.value);
    }
  }

  private forget(userId: string): void {
    const rows = this.kept.get(userId);
    if (rows === undefined) return;
    this.kept.delete(userId);
    this.keptSize -= rows?.hashes.length ?? 0;
  }

  /** Drops these readers' rows: they may have gained a row, or an entry of theirs changed. */
  override dropUsers(userIds: Iterable<string>): void {
    this.epoch++;
    for (const userId of userIds) {
      this.forget(userId);
      if (this.reading.size > 0) this.droppedAt.set(userId, this.epoch);
    }
  }

  override clear(): void {
    this.epoch++;
    this.everyoneDroppedAt = this.epoch;
    this.kept.clear();
    this.keptSize = 0;
  }
}

/**
 * The ReaderPresence of each app's read handle (see readerPresencePlugin): the
 * first kept serves the handle, as only apps sharing a handle (a test's
 * peers) keep more than one.
 */
const presences = new WeakMap<object, ReaderPresence[]>();

/**
 * Narrows the readers' lookups of their own rows made through `db` (the
 * app's read handle) with `presence`, until the function returned is called.
 */
export function keepReaderPresence(db: object, presence: ReaderPresence): () => void {
  const kept = presences.get(db) ?? [];
  presences.set(db, [...kept, presence]);
  return () =>
    presences.set(
      db,
      (presences.get(db) ?? []).filter((p) => p !== presence),
    );
}

/**
 * The presence kept for `db`, if any; none for a transaction, which reads
 * its own writes.
 */
function presenceOf(db: DbOrTx): ReaderPresence | undefined {
  return isTransaction(db) ? undefined : presences.get(db)?.[0];
}

/**
 * The ids of `ids` the reader may have a row at (an entry on a release, a
 * vote on a review, a like of a list), as the presence kept for `db` tells (all of them where none is kept, and always in a transaction,
 * which reads its own writes).
 */
export function readerMayHave(
  db: DbOrTx,
  userId: string,
  ids: readonly string[],
): Promise<readonly string[]> | readonly string[] {
  const presence = presenceOf(db);
  return presence ? presence.narrow(userId, ids) : ids;
}

/**
 * The reader's entries on the releases `ids`, by release, as the presence
 * kept for `db` holds them; undefined where none is kept or the reader's are
 * not (and always in a transaction, which reads its own writes): the caller
 * looks them up.
 */
export function readerEntriesKept(
  db: DbOrTx,
  userId: string,
  ids: readonly string[],
): Promise<Map<string, ViewerEntry> | undefined> | undefined {
  const presence = presenceOf(db);
  return presence?.entriesOn(userId, ids);
}

/**
 * Whether the presence kept for `db` holds the reader's entries (see
 * readerEntriesKept); where it does not, it starts reading them (see
 * readAhead), so the reader's next pages find them.
 */
export function readerEntriesHeld(db: DbOrTx, userId: string): boolean {
  const presence = presenceOf(db);
  if (!presence) return false;
  if (presence.holdsEntriesOf(userId)) return true;
  presence.readAhead(userId);
  return false;
}
