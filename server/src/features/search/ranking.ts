import type { SearchType } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import type { KindPage, RankedRow } from './memory';
import { searchIndexOf } from './search-index';
import { corrected, typedWords } from './typos';
import type { Terms } from './words';

/**
 * The ranking half of search: each kind's page of ranked rows and its
 * count, from the search index held in memory (memory.ts for how rows are
 * found and ranked, search-index.ts for how it follows the database).
 *
 * A query word that no text holds is first read as the word it is a typo
 * or two away from (typos.ts, vocabulary.ts), and the ranking then takes
 * the query as corrected.
 */

export interface Page {
  limit: number;
  offset: number;
}

/** A ranked row: its id, and its ref's fields for kinds that have one. */
export type Ranked = RankedRow;

/** A kind's page of ranked ids (with ref fields for the kinds answered as refs) and its count. */
export type RankedPage = KindPage;

export async function rankedPages(
  db: DbOrTx,
  types: readonly SearchType[],
  typed: Terms,
  page: Page,
): Promise<Map<SearchType, RankedPage>> {
  const index = await searchIndexOf(db);
  await index.refresh(db);
  // Words no row holds may be typos.
  const unheld = typedWords(typed).filter((word) => !index.holds(word));
  const terms = corrected(typed, index.readings(unheld));
  return new Map(
    types.map((type) => [type, index.kind(type).search(terms, page.offset, page.limit)]),
  );
}
