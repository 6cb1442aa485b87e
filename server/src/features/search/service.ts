import type { ArtistRef, GenreRef, SearchReply, SearchType } from '@earmark/common';
import { and } from 'drizzle-orm';
import { anyOfPlaceholder } from '../../db/any-of';
import type { Db } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { users, type UserRow } from '../../db/schema/users';
import { visibleAccount } from '../../db/visibility';
import { summariesOf } from '../releases/list-summaries';
import { viewerEntriesOf } from '../releases/summaries';
import { toPublicUser } from '../users/present';
import { rankedPages, type Page, type RankedPage } from './ranking';
import { searchTerms, type Terms } from './words';

/**
 * Search over releases, artists, labels, genres and users: each kind's page
 * of ranked ids (ranking.ts), then the page's rows as the kind answers them.
 */

/** Rows in the order of `ids`. */
function inOrder<R extends { id: string }>(ids: readonly string[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Accounts by id, as search shows them: one prepared statement; a hidden one is left out. */
const usersByIds = preparedPer((db) =>
  db
    .select()
    .from(users)
    .where(and(anyOfPlaceholder(users.id, 'ids'), visibleAccount()))
    .prepare('search_users_by_ids'),
);

/** A kind's part of the reply, from its ranked page. */
async function kindReply(
  db: Db,
  type: SearchType,
  { rows: ranked, count }: RankedPage,
  viewer: UserRow | null,
): Promise<SearchReply> {
  const ids = ranked.map((r) => r.id);
  const none = ids.length === 0;
  switch (type) {
    case 'releases': {
      // The cards (read with other lists' at the same time), and the viewer's entries on them.
      const [cards, mine] = await Promise.all([
        summariesOf(db, ids),
        viewer && !none ? viewerEntriesOf(db, viewer.id, ids) : null,
      ]);
      if (mine) for (const card of cards) card.viewerEntry = mine.get(card.id) ?? null;
      return { releases: cards, releasesCount: count };
    }
    case 'artists':
    case 'labels': {
      const refs: ArtistRef[] = ranked.map((r) => ({
        id: r.id,
        name: r.name!,
        nameLatin: r.nameLatin ?? null,
      }));
      return { [type]: refs, [`${type}Count`]: count };
    }
    case 'genres': {
      const refs: GenreRef[] = ranked.map((r) => ({ id: r.id, name: r.name! }));
      return { genres: refs, genresCount: count };
    }
    case 'users': {
      const rows = none ? [] : await usersByIds(db).execute({ ids });
      return {
        users: inOrder(ids, rows).map((r) => toPublicUser(r, viewer)),
        usersCount: count,
      };
    }
  }
}

function emptyReply(types: readonly SearchType[]): SearchReply {
  return Object.fromEntries(
    types.flatMap((type) => [
      [type, []],
      [`${type}Count`, 0],
    ]),
  );
}

export interface SearchOptions {
  types: readonly SearchType[];
  page: Page;
  viewer: UserRow | null;
}

/**
 * The matches of each kind asked for, each ranked and paged alike: the
 * rankings of all kinds in one statement (ranking.ts), then the pages' rows
 * side by side.
 */
export async function search(db: Db, q: string, opts: SearchOptions): Promise<SearchReply> {
  const { page, viewer } = opts;
  const terms: Terms = await searchTerms(db, q);
  if (terms.words.length === 0) return emptyReply(opts.types);
  const types = [...new Set(opts.types)];
  const pages = await rankedPages(db, types, terms, page);
  const parts = await Promise.all(
    types.map((type) => kindReply(db, type, pages.get(type)!, viewer)),
  );
  return Object.assign({}, ...parts) as SearchReply;
}
