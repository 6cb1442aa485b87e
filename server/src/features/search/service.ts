import type { ArtistRef, GenreRef, SearchReply, SearchType } from '@earmark/common';
import { anyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { releases } from '../../db/schema/catalogue';
import { users, type UserRow } from '../../db/schema/users';
import { releaseCardColumns } from '../releases/present';
import { toSummaries } from '../releases/summaries';
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

/** A kind's part of the reply, from its ranked page. */
async function kindReply(
  db: DbOrTx,
  type: SearchType,
  { rows: ranked, count }: RankedPage,
  viewer: UserRow | null,
): Promise<SearchReply> {
  const ids = ranked.map((r) => r.id);
  const none = ids.length === 0;
  switch (type) {
    case 'releases': {
      const rows = none
        ? []
        : await db.select(releaseCardColumns).from(releases).where(anyOf(releases.id, ids));
      return { releases: await toSummaries(db, inOrder(ids, rows), viewer), releasesCount: count };
    }
    case 'artists':
    case 'labels':
      return { [type]: ranked as ArtistRef[], [`${type}Count`]: count };
    case 'genres':
      return { genres: ranked as GenreRef[], genresCount: count };
    case 'users': {
      const rows = none ? [] : await db.select().from(users).where(anyOf(users.id, ids));
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
export async function search(db: DbOrTx, q: string, opts: SearchOptions): Promise<SearchReply> {
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
