import { and, getTableName, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { SEARCH_RESULTS_MAX, type SearchType } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { executeNamed } from '../../db/prepared';
import { resultRows, rowsOf } from '../../db/rows';
import { artists, genres, labels, releases } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { isVisible, visibleAccount } from '../../db/visibility';
import { corrected, readingsSql } from './typos';
import {
  generic,
  holds,
  holdsWords,
  likeEscape,
  longWords,
  nearly,
  padded,
  regexEscape,
  type Terms,
} from './words';

/**
 * The ranking half of search: which rows of a kind are candidates and in
 * what order they come, over each kind's folded `search_text` column and
 * its trigram index (db/schema/search-text.ts). Every read is bounded, so a
 * query costs about the same however much of the catalogue it matches:
 *
 * - the rows whose text holds every word of three or more characters (or,
 *   for a query of short words only, starts with it), at most RANKED_MAX of
 *   them, read through the trigram index in the table's order;
 * - for releases, first those among the POPULAR_HEAD most rated (read down
 *   the ratings index), so a broad query still finds the popular ones; when
 *   BROAD_IN_HEAD of them match in a table of BROAD_TABLE_MIN rows or more,
 *   those alone are the candidates, counted as RANKED_MAX;
 * - when the words match fewer than SIMILAR_WHEN_FEWER rows, the rows
 *   similar to the query word by word (pg_trgm's `<%`, which forgives a
 *   typo; for a query of several words, among the rows holding all its
 *   words but one), at most RANKED_MAX read through the index, of which the
 *   SIMILAR_MAX most similar are kept.
 *
 * The candidates are ranked by how they match:
 *
 *   0 a name is the query; 1 a name starts with it; 2 every word of the
 *   query is a whole word of the text; 3 every word starts a word of the
 *   text; then the rest by word similarity (4 to 5, most similar first),
 *
 * and within a rank the more popular first: releases by their ratings,
 * users by their followers, artists, labels and genres by how many releases
 * credit or carry them (stored counts, kept by triggers: counting them for
 * a broad query's candidates cost a fifth of the whole search). The count
 * is of the candidates,
 * at most RANKED_MAX (SEARCH_RESULTS_MAX: as deep as pages reach).
 *
 * A query word that no text holds is first read as the word it is a typo
 * or two away from (typos.ts), in the round trip that sets up the
 * transaction; the ranking then takes the query as corrected.
 *
 * The rankings of every kind asked for are one statement, run in a
 * transaction with sequential scans priced out (SET LOCAL enable_seqscan):
 * a bounded read through the index is what every candidate read must be,
 * and the planner, misjudging how many rows a word matches, otherwise read
 * whole tables for words a few hundred rows hold.
 */

/** Typo tolerance starts at this many characters: shorter queries are still being typed. */
const SIMILAR_QUERY_MIN = 4;
/** How many candidates of each sort are read, and the most a count says ('1,000 or more'). */
const RANKED_MAX = SEARCH_RESULTS_MAX;
/** How many of the most rated releases are tested against the words besides. */
const POPULAR_HEAD = 300;
/**
 * When this many of the POPULAR_HEAD most popular rows hold the words, the
 * query matches about a twentieth of the table or more: well past RANKED_MAX.
 */
const BROAD_IN_HEAD = 15;
/**
 * A table this large or larger, about RANKED_MAX / (BROAD_IN_HEAD /
 * POPULAR_HEAD) rows: only there does a query that BROAD_IN_HEAD of the
 * POPULAR_HEAD most popular rows match hold RANKED_MAX rows or more. In a
 * smaller catalogue such a query's matches are read and counted as any
 * other's.
 */
const BROAD_TABLE_MIN = (RANKED_MAX * POPULAR_HEAD) / BROAD_IN_HEAD;
/** Typo-tolerant matches are looked for when the words match fewer things than this. */
const SIMILAR_WHEN_FEWER = 10;
/** How many typo-tolerant candidates, the most similar first, are ranked. */
const SIMILAR_MAX = 200;

/**
 * The rows of a kind similar to the query word by word (pg_trgm's `<%`),
 * leaving out those `words` matches. A query of several words with one typo
 * still has the others as they are, so its similar rows hold every word but
 * one: those are read through the index (a `like` each) and only they are
 * tested for similarity, where testing every row sharing a few trigrams
 * with the query ('the', 'of'…) cost 20 µs a row.
 */
function similarRows(kind: Kind, columns: SQL, words: SQL, terms: Terms): SQL {
  const { table } = kind;
  const long = longWords(terms);
  const similar = (text: SQLWrapper) => sql`${terms.query}::text <% ${text}`;
  if (long.length < 2) {
    return sql`select ${columns} from ${table}
      where ${similar(table.searchText)} and not (${words}) and ${kind.visible}
      limit ${RANKED_MAX}`;
  }
  const allButOne = long.map((typed, i) =>
    and(
      holds(
        table.searchText,
        padded(
          long.filter((_, j) => j !== i),
          terms,
        ),
      ),
      nearly(table.searchText, typed, generic(terms)),
    ),
  );
  return sql`select * from (select ${columns} from ${table}
      where (${or(...padded(allButOne, terms))}) and not (${words}) and ${kind.visible}
      limit ${RANKED_MAX}) a
    where ${similar(sql.raw('a.search_text'))}`;
}

/**
 * A candidate's rank, worked out in three steps of rising cost, each only
 * for the rows the step before left unranked (rank null):
 *
 * - `names`: 0 when a name is the query, 1 when a name starts with it
 *   (a few `split_part`s a row);
 * - `words`: 2 when every word of the query is a whole word of the text, 3
 *   when every word starts one (regular expressions, about twice as dear);
 * - `similar`: 5 less the word similarity to the query, 4 to 5 (pg_trgm's
 *   `word_similarity`, dearer again).
 *
 * Lower is better. The ranking stops at the first step whose ranks fill the
 * page (rankedPage), so a broad query whose names alone fill it tests none
 * of its thousand candidates' words.
 */
function rankSteps(text: SQL, terms: Terms): { names: SQL; words: SQL; similar: SQL } {
  const q = terms.query;
  const prefix = `${likeEscape(q)}%`;
  // The name, then its Latin form: the first two tab-separated fields.
  const names = [sql`split_part(${text}, E'\\t', 1)`, sql`split_part(${text}, E'\\t', 2)`];
  const exact = or(...names.map((n) => sql`${n} = ${q}`))!;
  const starts = or(...names.map((n) => sql`${n} like ${prefix}`))!;
  const allWords = (re: (w: string) => string) =>
    and(...padded(terms.words, terms).map((w) => sql`${text} ~ ${re(regexEscape(w))}`))!;
  return {
    names: sql`case when ${exact} then 0 when ${starts} then 1 end`,
    words: sql`case when ${allWords((w) => `\\m${w}\\M`)} then 2
      when ${allWords((w) => `\\m${w}`)} then 3 end`,
    similar: sql`5 - round(word_similarity(${q}::text, ${text})::numeric, 1)`,
  };
}

export interface Page {
  limit: number;
  offset: number;
}

/** What one kind of thing is searched on. */
interface Kind {
  table: typeof releases | typeof artists | typeof labels | typeof genres | typeof users;
  visible: SQL;
  /** Its popularity column (ratings, followers, releases credited), read with the candidates. */
  stored: SQL;
  /** Releases: also test the POPULAR_HEAD most popular rows, read down this order. */
  popularOrder?: SQL;
  /** For kinds answered as refs: their columns, read with the ranking (no second query). */
  ref?: SQL;
  refFields?: ('name' | 'nameLatin')[];
}

/** A ranked row: its id, and its ref's fields for kinds that have one. */
export type Ranked = { id: string; name?: string; nameLatin?: string | null };

/** Artists and labels: answered as refs; their popularity is how many releases credit them. */
const credited = (table: typeof artists | typeof labels): Kind => ({
  table,
  visible: isVisible(table),
  stored: sql`${table.releasesCount}`,
  ref: sql`${table.name} as name, ${table.nameLatin} as "nameLatin"`,
  refFields: ['name', 'nameLatin'],
});

const kinds: Record<SearchType, Kind> = {
  releases: {
    table: releases,
    visible: isVisible(releases),
    stored: sql`${releases.ratingsCount}`,
    popularOrder: sql`${releases.ratingsCount} desc`,
  },
  artists: credited(artists),
  labels: credited(labels),
  genres: {
    table: genres,
    visible: isVisible(genres),
    // How many releases the genre is voted onto.
    stored: sql`${genres.releasesCount}`,
    ref: sql`${genres.name} as name`,
    refFields: ['name'],
  },
  users: { table: users, visible: visibleAccount(), stored: sql`${users.followersCount}` },
};

/** A kind's CTE names, prefixed by its type so all kinds fit in one statement. */
const cte = (type: SearchType, name: string) => sql.raw(`${type}_${name}`);

/**
 * The candidates of a kind: the CTEs up to `{type}_m` (id, search_text,
 * popularity, ref columns), and how many there are.
 */
function candidates(type: SearchType, terms: Terms): { found: SQL; total: SQL } {
  const kind = kinds[type];
  const { table } = kind;
  const [h, w, s, m] = ['h', 'w', 's', 'm'].map((n) => cte(type, n)) as [SQL, SQL, SQL, SQL];
  const columns = sql`${table.id} as id, ${table.searchText} as search_text,
    ${kind.stored} as popularity
    ${kind.ref ? sql`, ${kind.ref}` : sql``}`;
  const words = holdsWords(table.searchText, terms);
  const matching = (also: SQL) => sql`select ${columns} from ${table}
    where ${words} and ${kind.visible} ${also} limit ${RANKED_MAX}`;
  let found = sql`${w} as materialized (${matching(sql``)})`;
  let total = sql`(select count(*) from ${m})`;
  if (kind.popularOrder) {
    // The most popular rows that hold the words; when they are many, the
    // query is broad: the index read would add rows of no particular
    // popularity, and the count is past RANKED_MAX anyway.
    const head = sql`${h} as materialized (select * from (select ${columns} from ${table}
      where ${kind.visible} order by ${kind.popularOrder} limit ${POPULAR_HEAD}) h
      where ${holdsWords(sql.raw('h.search_text'), terms)})`;
    // The planner's estimate of the table's rows (-1 before it is first analysed).
    const rows = sql`(select c.reltuples from pg_class c
      where c.oid = ${sql.raw(`'${getTableName(table)}'`)}::regclass)`;
    const broad = sql`(${rows} >= ${BROAD_TABLE_MIN}
      and (select count(*) from ${h}) >= ${BROAD_IN_HEAD})`;
    found = sql`${head}, ${w} as materialized (select * from ${h}
      union (${matching(sql`and not ${broad}`)}))`;
    total = sql`case when ${broad} then ${RANKED_MAX} else ${total} end`;
  }
  if (terms.query.length < SIMILAR_QUERY_MIN) {
    return { found: sql`${found}, ${m} as (select * from ${w})`, total };
  }
  const typos = sql`select * from (${similarRows(kind, columns, words, terms)}) t
    where (select count(*) from ${w}) < ${SIMILAR_WHEN_FEWER}`;
  found = sql`${found}, ${s} as materialized (${typos}),
    ${m} as materialized (select * from ${w} union all (select * from ${s} s
      order by word_similarity(${terms.query}::text, s.search_text) desc, s.id
      limit ${SIMILAR_MAX}))`;
  return { found, total };
}

/**
 * A kind's CTEs up to `{type}_page`: its count (ord 0) and its page's rows
 * (ord 1, 2…) as kind, id, name, nameLatin, total, ord.
 *
 * The candidates are ranked step by step (rankSteps): each step ranks the
 * rows the steps before left unranked, and runs only when the ranks so far
 * do not fill the page (offset and limit); rows still unranked then come
 * after every ranked one, so the page is the same as if every row had been
 * ranked in full.
 */
function rankedPage(type: SearchType, terms: Terms, page: Page): SQL {
  const kind = kinds[type];
  const { found, total } = candidates(type, terms);
  const [m, r1, r2, r3, counted, ranked] = ['m', 'r1', 'r2', 'r3', 'counted', 'page'].map((n) =>
    cte(type, n),
  ) as [SQL, SQL, SQL, SQL, SQL, SQL];
  const name = kind.ref ? sql.raw('m.name') : sql`null::text`;
  const latin = kind.refFields?.includes('nameLatin') ? sql.raw('m."nameLatin"') : sql`null::text`;
  const steps = rankSteps(sql.raw('m.search_text'), terms);
  const need = page.offset + page.limit;
  // The rows of `from`, with the ranks left null by it given by `step` when
  // fewer than the page needs are ranked so far.
  const step = (from: SQL, next: SQL) => sql`select m.id, m.search_text, m.popularity,
      m.name, m."nameLatin", coalesce(m.rk, ${next}) as rk from ${from} m
    where m.rk is not null
      or (select count(*) from ${from} f where f.rk is not null) < ${need}`;
  return sql`${found},
    ${r1} as materialized (select m.id, m.search_text, m.popularity, ${name} as name,
        ${latin} as "nameLatin", ${steps.names} as rk from ${m} m),
    ${r2} as materialized (${step(r1, steps.words)}),
    ${r3} as (${step(r2, steps.similar)}),
    ${counted} as (select ${total} as total),
    ${ranked} as (select ${type}::text as kind, id, name, "nameLatin", null::bigint as total,
        ${page.offset}::bigint + row_number() over (order by rk, popularity desc, id) as ord
      from (select m.id, m.name, m."nameLatin", m.popularity, m.rk
        from ${r3} m where m.rk is not null order by m.rk, m.popularity desc, m.id
        offset ${page.offset} limit ${page.limit}) p
      union all select ${type}::text, null, null, null, total, 0 from ${counted})`;
}

/** A kind's page of ranked ids (with ref fields for the kinds answered as refs) and its count. */
export interface RankedPage {
  rows: Ranked[];
  count: number;
}

/**
 * The page of each kind asked for and its count, in one statement: the
 * kinds' candidates are each a few bounded index reads, and five round
 * trips, plans and transactions cost more than the reads themselves.
 *
 * Planning that statement costs 4 to 7 ms on PostgreSQL, as much as running
 * it. Its text depends only on the query's shape (how many words, how many
 * are long enough to look up, whether typos are looked for: the words are
 * parameters), so for a query of up to GENERIC_PLAN_WORDS_MAX words it is a
 * prepared statement named after its text, planned once per connection with
 * a generic plan. Its lists of words are padded (see `padded`) so that
 * those shapes are few; longer queries are planned each time.
 */
export async function rankedPages(
  db: DbOrTx,
  types: readonly SearchType[],
  typed: Terms,
  page: Page,
): Promise<Map<SearchType, RankedPage>> {
  type Row = {
    kind: SearchType;
    id: string | null;
    name: string | null;
    nameLatin: string | null;
    total: number | string | null;
    ord: number | string;
  };
  const named = generic(typed);
  const readings = readingsSql(typed);
  const rows = await db.transaction(async (tx) => {
    // See the comment at the top: every candidate read is an index read.
    // The mistyped words' readings (typos.ts) come in the same round trip.
    const [settings] = await rowsOf<{ readings?: [string, string][] }>(
      tx,
      sql`select set_config('enable_seqscan', 'off', true)
        ${named ? sql`, set_config('plan_cache_mode', 'force_generic_plan', true)` : sql``}
        ${
          readings
            ? sql`, (select coalesce(json_agg(json_build_array(typed, reading)), '[]')
          from (${readings}) r) as readings`
            : sql``
        }`,
    );
    const terms = corrected(
      typed,
      (settings?.readings ?? []).map(([word, reading]) => ({ typed: word, reading })),
    );
    const pages = types.map((type) => rankedPage(type, terms, page));
    const all = sql.join(
      types.map((type) => sql`select * from ${cte(type, 'page')}`),
      sql` union all `,
    );
    const statement = sql`with ${sql.join(pages, sql`, `)} ${all} order by kind, ord`;
    return resultRows<Row>(
      named ? await executeNamed(tx, 'search', statement) : await tx.execute(statement),
    );
  });
  const out = new Map<SearchType, RankedPage>(types.map((t) => [t, { rows: [], count: 0 }]));
  for (const row of rows) {
    const kind = out.get(row.kind)!;
    if (row.id === null) {
      kind.count = Math.min(RANKED_MAX, Number(row.total ?? 0));
      continue;
    }
    const fields = kinds[row.kind].refFields ?? [];
    const ranked: Ranked = { id: row.id };
    if (fields.includes('name')) ranked.name = row.name!;
    if (fields.includes('nameLatin')) ranked.nameLatin = row.nameLatin;
    kind.rows.push(ranked);
  }
  return out;
}
