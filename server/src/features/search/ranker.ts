import { SEARCH_TYPES, type SearchType } from '@earmark/common';
import { KindIndex, type IndexedRow, type KindPage } from './memory';
import { corrected, typedWords } from './typos';
import { Vocabulary } from './vocabulary';
import type { Terms } from './words';

/**
 * The searchable rows of every kind and the words of their texts, and the
 * ranking over them (memory.ts for how rows are found and ranked). It runs
 * on a thread of its own (ranker-worker.ts), fed by search-index.ts with
 * the rows as the database has them.
 *
 * A query word that no text holds is first read as the word it is a typo
 * or two away from (typos.ts, vocabulary.ts), and the ranking then takes
 * the query as corrected.
 */

export interface Page {
  limit: number;
  offset: number;
}

/** What the ranker is asked, in order. */
export type RankerCall =
  /** Every visible row of each kind: what there was before is dropped. */
  | { op: 'load'; rows: Record<SearchType, IndexedRow[]> }
  /** Rows of a kind as they are now, and those no longer visible. */
  | { op: 'apply'; changes: { kind: SearchType; rows: IndexedRow[]; removed: string[] }[] }
  /** Each kind's page of ranked rows and its count. */
  | { op: 'rank'; typed: Terms; types: readonly SearchType[]; page: Page };

export type RankedPages = [SearchType, KindPage][];

/** Releases have a popular head: their most rated rows are tested first (memory.ts). */
const WITH_HEAD: ReadonlySet<SearchType> = new Set(['releases']);

const kindsMap = (vocabulary: Vocabulary) =>
  new Map<SearchType, KindIndex>(
    SEARCH_TYPES.map((kind) => [kind, new KindIndex(WITH_HEAD.has(kind), vocabulary)]),
  );

export class Ranker {
  private vocabulary = new Vocabulary();
  private kinds = kindsMap(this.vocabulary);

  call(call: RankerCall): RankedPages | null {
    switch (call.op) {
      case 'load':
        this.load(call.rows);
        return null;
      case 'apply':
        for (const change of call.changes) this.apply(change.kind, change.rows, change.removed);
        return null;
      case 'rank':
        return this.rank(call.typed, call.types, call.page);
    }
  }

  private load(rows: Record<SearchType, IndexedRow[]>): void {
    const vocabulary = new Vocabulary();
    const kinds = kindsMap(vocabulary);
    for (const kind of SEARCH_TYPES) {
      const index = kinds.get(kind)!;
      for (const row of rows[kind]) index.set(row);
      index.settle();
    }
    this.vocabulary = vocabulary;
    this.kinds = kinds;
  }

  private apply(kind: SearchType, rows: IndexedRow[], removed: string[]): void {
    const index = this.kinds.get(kind)!;
    for (const row of rows) index.set(row);
    for (const id of removed) index.remove(id);
  }

  private rank(typed: Terms, types: readonly SearchType[], page: Page): RankedPages {
    // Words no row holds may be typos.
    const kinds = [...this.kinds.values()];
    const unheld = typedWords(typed).filter((word) => !kinds.some((k) => k.holds(word)));
    const readings = unheld.flatMap((word) =>
      this.vocabulary.readings(word).map((reading) => ({ typed: word, reading })),
    );
    const terms = corrected(typed, readings);
    return types.map((type) => [
      type,
      this.kinds.get(type)!.search(terms, page.offset, page.limit),
    ]);
  }
}
