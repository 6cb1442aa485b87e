import { and, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import {
  SEARCH_RESULTS_MAX,
  type ArtistRef,
  type GenreRef,
  type SearchReply,
  type SearchType,
} from '@earmark/common';
import { anyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { artists, genres, labels, releases } from '../../db/schema/catalogue';
import { users, type UserRow } from '../../db/schema/users';
import { isVisible, visibleAccount } from '../../db/visibility';
import { toSummaries } from '../releases/summaries';
import { toPublicUser } from '../users/present';

/**
 * Search over releases, artists, labels, genres and users, each by its
 * folded `search_text` column and its trigram index (db/schema/search-text.ts).
 * Candidates are the rows whose text holds every word of the query of three
 * or more characters (or, for a query of short words only, starts with it),
 * or is similar to it word by word (pg_trgm's `<%`, which forgives a typo);
 * both are answered from the index. The RANKED_MAX most popular candidates
 * of each sort are ranked by how they match:
 *
 *   0 a name is the query; 1 a name starts with it; 2 every word of the
 *   query is a whole word of the text; 3 every word starts a word of the
 *   text; then the rest by word similarity (4 to 5, most similar first),
 *
 * and within a rank the more popular first. The count is of the candidates
 * ranked, so it stops at RANKED_MAX (SEARCH_RESULTS_MAX: as deep as pages reach).
 */

/** Below this length a word has no trigram of its own to look up. */
const INDEXED_WORD_MIN = 3;
/** Typo tolerance starts at this many characters: shorter queries are still being typed. */
const SIMILAR_QUERY_MIN = 4;
/**
 * How many candidates, the most popular first, are ranked and counted: a
 * query as broad as 'the' matches half the catalogue, and ranking or even
 * counting all of it would cost more than the rest of the search.
 */
const RANKED_MAX = SEARCH_RESULTS_MAX;
/** Typo-tolerant matches are looked for when the words match fewer things than this. */
const SIMILAR_WHEN_FEWER = 10;
/**
 * How many typo-tolerant candidates, the most popular first, are ranked:
 * ranking one costs a word similarity, and past the first few hundred they
 * are mostly names that share a common word with the query.
 */
const SIMILAR_MAX = 200;

export interface Terms {
  /** The query folded as the texts are, blanks collapsed. */
  query: string;
  words: string[];
}

function firstRow<R>(result: unknown): R | undefined {
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows)[0] as R | undefined;
}

function allRows<R>(result: unknown): R[] {
  return (Array.isArray(result) ? result : (result as { rows: R[] }).rows) as R[];
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
    const row = firstRow<{ folded: string }>(
      await db.execute(sql`select search_fold(${q}::text) as folded`),
    );
    folded = row?.folded ?? '';
  }
  const words = folded.split(/\s+/).filter((w) => w.length > 0);
  return { query: words.join(' '), words };
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, '\\$&');
const regexEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Rows whose text holds every word of three characters or more (or starts with a short query). */
function holdsWords(text: SQLWrapper, terms: Terms): SQL {
  const long = terms.words.filter((w) => w.length >= INDEXED_WORD_MIN);
  if (long.length === 0) return sql`${text} like ${`${likeEscape(terms.query)}%`}`;
  return and(...long.map((w) => sql`${text} like ${`%${likeEscape(w)}%`}`))!;
}

/** The rank of a candidate's text: 0 (a name is the query) to 5 (least similar); lower is better. */
function rank(text: SQL, terms: Terms): SQL {
  const q = terms.query;
  const prefix = `${likeEscape(q)}%`;
  // The name, then its Latin form: the first two tab-separated fields.
  const names = [sql`split_part(${text}, E'\\t', 1)`, sql`split_part(${text}, E'\\t', 2)`];
  const exact = or(...names.map((n) => sql`${n} = ${q}`))!;
  const starts = or(...names.map((n) => sql`${n} like ${prefix}`))!;
  const allWords = (re: (w: string) => string) =>
    and(...terms.words.map((w) => sql`${text} ~ ${re(regexEscape(w))}`))!;
  return sql`case when ${exact} then 0 when ${starts} then 1
    when ${allWords((w) => `\\m${w}\\M`)} then 2 when ${allWords((w) => `\\m${w}`)} then 3
    else 5 - round(word_similarity(${q}::text, ${text})::numeric, 1) end`;
}

export interface Page {
  limit: number;
  offset: number;
}

/** What one kind of thing is searched on. */
interface Kind {
  table: typeof releases | typeof artists | typeof labels | typeof genres | typeof users;
  visible: SQL;
  popularity: SQL;
  /** For kinds answered as refs: their columns, read with the ranking (no second query). */
  ref?: SQL;
}

/** A ranked row: its id, and its ref's fields for kinds that have one. */
type Ranked = { id: string; name?: string; nameLatin?: string | null };

/** One page of a kind's ranked ids, and how many candidates there are. */
async function rankedIds(
  db: DbOrTx,
  kind: Kind,
  terms: Terms,
  page: Page,
): Promise<{ rows: Ranked[]; count: number }> {
  const { table } = kind;
  // The most popular candidates of each sort, gathered alone (materialized).
  // For the words the planner either walks a popularity order testing rows
  // (a broad query) or reads the matches through the trigram index and keeps
  // the most popular (a narrow one). Typo-tolerant candidates are always read
  // through the index (their test costs the most, too much to try row by
  // row), and only when the words match few things.
  const select = (where: SQL) =>
    sql`select ${table.id} as id, ${table.searchText} as search_text,
      ${kind.popularity} as popularity ${kind.ref ? sql`, ${kind.ref}` : sql``}
      from ${table} where ${where} and ${kind.visible}`;
  const mostPopular = sql`order by popularity desc, id limit ${RANKED_MAX}`;
  const words = holdsWords(table.searchText, terms);
  const typos = sql`${terms.query}::text <% ${table.searchText} and not (${words})
    and (select count(*) from w) < ${SIMILAR_WHEN_FEWER}`;
  const found =
    terms.query.length < SIMILAR_QUERY_MIN
      ? sql`w as materialized (${select(words)} ${mostPopular}),
        m as (select * from w)`
      : sql`w as materialized (${select(words)} ${mostPopular}),
        s as materialized (${select(typos)}),
        m as materialized (select * from w union all
          (select * from s order by popularity desc, id limit ${SIMILAR_MAX}))`;
  const text = sql.raw('m.search_text');
  const rows = allRows<Ranked & { total: number | string }>(
    await db.execute(sql`with ${found}
    select m.*, (select count(*) from m) as total from m
    order by ${rank(text, terms)}, m.popularity desc, m.id
    limit ${page.limit} offset ${page.offset}`),
  );
  if (rows.length > 0 || page.offset === 0) {
    const ranked = rows.map((r): Ranked => {
      if (!kind.ref) return { id: r.id };
      return 'nameLatin' in r
        ? { id: r.id, name: r.name, nameLatin: r.nameLatin }
        : { id: r.id, name: r.name };
    });
    return { rows: ranked, count: Number(rows[0]?.total ?? 0) };
  }
  // Past the last page: the total alone.
  const counted = firstRow<{ n: number | string }>(
    await db.execute(sql`with ${found} select count(*) as n from m`),
  );
  return { rows: [], count: Number(counted?.n ?? 0) };
}

/** Rows in the order of `ids`. */
function inOrder<R extends { id: string }>(ids: readonly string[], rows: readonly R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many releases credit the artist or carry the label: their popularity. */
const artistReleases = sql`(select count(*) from release_artists ra
  where ra.artist_id = ${artists.id})`;
const labelReleases = sql`(select count(*) from release_labels rl
  where rl.label_id = ${labels.id})`;
/** How many releases the genre is voted onto. */
const genreReleases = sql`(select count(*) from release_genres rg
  where rg.genre_id = ${genres.id} and rg.score > 0)`;

const kinds: Record<SearchType, Kind> = {
  releases: {
    table: releases,
    visible: isVisible(releases),
    popularity: sql`${releases.ratingsCount}`,
  },
  artists: {
    table: artists,
    visible: isVisible(artists),
    popularity: artistReleases,
    ref: sql`${artists.name} as name, ${artists.nameLatin} as "nameLatin"`,
  },
  labels: {
    table: labels,
    visible: isVisible(labels),
    popularity: labelReleases,
    ref: sql`${labels.name} as name, ${labels.nameLatin} as "nameLatin"`,
  },
  genres: {
    table: genres,
    visible: isVisible(genres),
    popularity: genreReleases,
    ref: sql`${genres.name} as name`,
  },
  users: { table: users, visible: visibleAccount(), popularity: sql`${users.followersCount}` },
};

async function searchKind(
  db: DbOrTx,
  type: SearchType,
  terms: Terms,
  page: Page,
  viewer: UserRow | null,
): Promise<SearchReply> {
  const { rows: ranked, count } = await rankedIds(db, kinds[type], terms, page);
  const ids = ranked.map((r) => r.id);
  const none = ids.length === 0;
  switch (type) {
    case 'releases': {
      const rows = none ? [] : await db.select().from(releases).where(anyOf(releases.id, ids));
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

/** The matches of each kind asked for, each ranked and paged alike; the kinds run side by side. */
export async function search(db: DbOrTx, q: string, opts: SearchOptions): Promise<SearchReply> {
  const terms = await searchTerms(db, q);
  const { page, viewer } = opts;
  if (terms.words.length === 0) return emptyReply(opts.types);
  const parts = await Promise.all(
    opts.types.map((type) => searchKind(db, type, terms, page, viewer)),
  );
  return Object.assign({}, ...parts) as SearchReply;
}
