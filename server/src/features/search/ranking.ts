import type { SearchType } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import type { KindPage, RankedRow } from './memory';
import type { Page } from './ranker';
import { searchIndexOf } from './search-index';
import type { Terms } from './words';

/**
 * The ranking half of search: each kind's page of ranked rows and its
 * count, from the search index (search-index.ts for how it follows the
 * database, ranker.ts and memory.ts for how rows are found and ranked, on
 * a thread of their own).
 */

export type { Page };

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
  return index.rank(typed, types, page);
}
