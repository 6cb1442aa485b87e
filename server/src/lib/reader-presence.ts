import { isTransaction, type DbOrTx } from '../db/client';
import { KeptPerUser } from './kept-per-user';

/**
 * Where each recent signed-in reader has rows of their own: the releases
 * they have an entry on, the reviews they voted on, the lists they liked.
 * A page's lookup of the reader's own parts (their entry on each release,
 * their vote on each review, their like of each list) then probes only the
 * ids they may have a row at: a page of 48 releases cost 48 probes of
 * entries_user_release_key for a reader who has entries on one or two of
 * them, and a page of 24 reviews 24 probes of review_votes for a reader
 * who voted on none.
 *
 * What is kept is exact, not a copy that may be old: PostgreSQL announces
 * on READER_ROWS_CHANNEL, when the transaction commits, every user who
 * gained such a row (a new entry, vote or like, or an entry moved by a
 * merge: the triggers of the entry users and vote and like users
 * migrations), and every instance listening drops that user's ids; while
 * it is not listening nothing is kept, and a reader's ids read while one
 * of their announcements arrived are not kept either. The ids of the three
 * kinds are kept together, each as a 32-bit hash: two ids of one hash, of
 * one kind or of two, only make one probe more, never one less. A row
 * removed needs no announcement either: an id kept for a reader who has
 * no row there any more costs one probe that finds nothing.
 */
export const READER_ROWS_CHANNEL = 'earmark_entry_users';

/** A reader's ids as read: where they have rows, or null when they have too many to keep. */
export type ReaderIds = readonly string[] | null;

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
  /** Reads a reader's ids (null: too many to keep; undefined: no such reader). */
  load: (userId: string) => Promise<ReaderIds | undefined>;
  /** The most ids kept for all readers together; the least recently read go first. */
  maxKept: number;
}

export class ReaderPresence extends KeptPerUser {
  /** Each kept reader's ids (their hashes, sorted), or null: too many, nothing to narrow. */
  private readonly kept = new Map<string, Uint32Array | null>();
  private keptSize = 0;
  /** Readers being read: one read for all who ask meanwhile. */
  private readonly reading = new Map<string, Promise<Uint32Array | null | undefined>>();
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
    let hashes = this.kept.get(userId);
    if (hashes !== undefined) {
      // Read again: the least recently read reader is dropped first.
      this.kept.delete(userId);
      this.kept.set(userId, hashes);
    } else {
      hashes = await this.read(userId);
    }
    if (!hashes) return ids;
    return ids.filter((id) => holds(hashes, idHash(id)));
  }

  /** Reads a reader's ids, kept unless one of their announcements came meanwhile. */
  private read(userId: string): Promise<Uint32Array | null | undefined> {
    let pending = this.reading.get(userId);
    if (pending) return pending;
    const began = this.epoch;
    pending = this.options
      .load(userId)
      .then((own) => {
        if (own === undefined) return undefined;
        const hashes = own ? hashesOf(own) : null;
        const dropped = Math.max(this.everyoneDroppedAt, this.droppedAt.get(userId) ?? 0);
        if (this.listening && dropped <= began) this.keep(userId, hashes);
        // Read while an announcement came: used for no page, as it may miss that row.
        return dropped <= began ? hashes : undefined;
      })
      .finally(() => {
        this.reading.delete(userId);
        if (this.reading.size === 0) this.droppedAt.clear();
      });
    this.reading.set(userId, pending);
    return pending;
  }

  private keep(userId: string, hashes: Uint32Array | null): void {
    this.forget(userId);
    this.kept.set(userId, hashes);
    this.keptSize += hashes?.length ?? 0;
    while (this.keptSize > this.options.maxKept && this.kept.size > 1) {
      const oldest = this.kept.keys().next();
      if (oldest.done) break;
      this.forget(oldest.value);
    }
  }

  private forget(userId: string): void {
    const hashes = this.kept.get(userId);
    if (hashes === undefined) return;
    this.kept.delete(userId);
    this.keptSize -= hashes?.length ?? 0;
  }

  /** Drops these readers' ids: they may have gained a row. */
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
 * The ids of `ids` the reader may have a row at (an entry on a release, a
 * vote on a review, a like of a list), as the presence kept for `db` tells (all of them where none is kept, and always in a transaction,
 * which reads its own writes).
 */
export function readerMayHave(
  db: DbOrTx,
  userId: string,
  ids: readonly string[],
): Promise<readonly string[]> | readonly string[] {
  const presence = isTransaction(db) ? undefined : presences.get(db)?.[0];
  return presence ? presence.narrow(userId, ids) : ids;
}
