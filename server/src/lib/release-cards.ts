import { LRUCache } from 'lru-cache';
import type { ReleaseSummary } from '@earmark/common';
import { KeptById } from './kept-per-user';

/** Where PostgreSQL announces the releases whose cards changed (migration 0045). */
export const RELEASE_CARDS_CHANNEL = 'earmark_release_cards';

/** Reads the cards of the visible releases among `ids`; a hidden or missing one is left out. */
export type LoadCards = (ids: readonly string[]) => Promise<readonly ReleaseSummary[]>;

/**
 * The cards of the releases an instance's lists showed lately (what a list
 * shows of a release: ReleaseSummary), kept exact: PostgreSQL announces
 * every release whose card changes, is hidden or goes, when its transaction
 * commits, and the instance drops it; while it is not listening nothing is
 * kept. A page then reads only its ids and keys, and its cards from here,
 * where each page looked up every release it shows.
 *
 * A card read while its release was dropped is used for that read but not
 * kept: it may be from before the change. What a card holds (its artists,
 * cover, stats) is frozen and shared by the pages that show it; each read
 * gets the card itself as a copy of its own, on which a reader's values
 * (their entry) may be set.
 */
export class ReleaseCards extends KeptById {
  private readonly kept: LRUCache<string, ReleaseSummary>;
  /** Counts the drops (an id, or everything). */
  private drops = 0;
  /** The drop that cleared everything last. */
  private clearedAt = 0;
  /** The drop that last named each id, while any read is in flight. */
  private readonly droppedAt = new Map<string, number>();
  private reading = 0;

  constructor(private readonly options: { load: LoadCards; maxKept: number }) {
    super();
    this.kept = new LRUCache({ max: options.maxKept });
  }

  /** How many cards are kept. */
  get size(): number {
    return this.kept.size;
  }

  /**
   * The cards of the visible releases among `ids`, by id: those kept from
   * memory, the others read in one load (and kept).
   */
  async cardsOf(ids: readonly string[]): Promise<Map<string, ReleaseSummary>> {
    const found = new Map<string, ReleaseSummary>();
    const missing: string[] = [];
    for (const id of ids) {
      const card = this.kept.get(id);
      if (card) found.set(id, copyOf(card));
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const since = this.drops;
    this.reading += 1;
    try {
      const read = await this.options.load(missing);
      const keep = this.listening && this.clearedAt <= since;
      for (const card of read) {
        const frozen = freezeCard(card);
        found.set(card.id, copyOf(frozen));
        if (keep && (this.droppedAt.get(card.id) ?? 0) <= since) this.kept.set(card.id, frozen);
      }
    } finally {
      this.reading -= 1;
      if (this.reading === 0) this.droppedAt.clear();
    }
    return found;
  }

  dropIds(ids: Iterable<string>): void {
    this.drops += 1;
    for (const id of ids) {
      this.kept.delete(id);
      if (this.reading > 0) this.droppedAt.set(id, this.drops);
    }
  }

  clear(): void {
    this.drops += 1;
    this.clearedAt = this.drops;
    this.kept.clear();
  }
}

/** A card and what it holds, frozen: the pages that show it share it. */
function freezeCard(card: ReleaseSummary): ReleaseSummary {
  if (Object.isFrozen(card)) return card;
  for (const artist of card.artists) Object.freeze(artist);
  Object.freeze(card.artists);
  Object.freeze(card.explicitCoverArt);
  if (card.cover) Object.freeze(card.cover);
  Object.freeze(card.stats);
  return Object.freeze(card);
}

/** A card's own copy, holding the same frozen parts. */
function copyOf(card: ReleaseSummary): ReleaseSummary {
  return {
    id: card.id,
    title: card.title,
    titleLatin: card.titleLatin,
    artists: card.artists,
    date: card.date,
    datePrecision: card.datePrecision,
    type: card.type,
    cover: card.cover,
    explicitCoverArt: card.explicitCoverArt,
    stats: card.stats,
  };
}

const kept = new WeakMap<object, ReleaseCards[]>();

/**
 * Serves the cards read through `db` (the app's read handle) from `cards`,
 * until the function returned is called. Apps sharing a handle (tests'
 * peers) are served by the first one's.
 */
export function keepReleaseCards(db: object, cards: ReleaseCards): () => void {
  kept.set(db, [...(kept.get(db) ?? []), cards]);
  return () =>
    kept.set(
      db,
      (kept.get(db) ?? []).filter((c) => c !== cards),
    );
}

/**
 * The cards kept for `db`, if any; none for a transaction, which reads its
 * own writes.
 */
export function releaseCardsOf(db: object): ReleaseCards | undefined {
  return kept.get(db)?.[0];
}
