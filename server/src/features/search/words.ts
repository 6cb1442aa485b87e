import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

/** A search query's words, folded as the search texts are. */

export interface Terms {
  /** The query folded as the texts are, blanks collapsed. */
  query: string;
  words: string[];
}

/** Printable ASCII: what `unaccent` leaves as it is, so lower case alone folds it. */
const PLAIN_ASCII = /^[\x20-\x7e]*$/;

/**
 * The query as search compares it: folded by the database, so exactly as
 * the texts are (a plain ASCII query, as most are, needs no round trip).
 */
export async function searchTerms(db: DbOrTx, q: string): Promise<Terms> {
  let folded = q.toLowerCase();
  if (!PLAIN_ASCII.test(q)) {
    const [row] = await rowsOf<{ folded: string }>(
      db,
      sql`select search_fold(${q}::text) as folded`,
    );
    folded = row?.folded ?? '';
  }
  const words = folded.split(/\s+/).filter((w) => w.length > 0);
  return { query: words.join(' '), words };
}
