import pg from 'pg';
import { AccountStatus, ContributorStatus, ReleaseType } from '@earmark/common';
import { COUNTER_RECOUNTS } from '../../../server/src/db/recount-sql';
import { userCreditCounts } from '../../../server/src/db/recount-credits-sql';
import {
  REBUILD_ENTRY_PART_LISTS,
  REBUILD_ENTRY_RELEASE_COPIES,
  REBUILD_RELEASE_ARTIST_CREDITS,
  REBUILD_RELEASE_LINK_COPIES,
} from '../../../server/src/db/copies-sql';
import { REBUILD_RELEASE_SEARCH_TEXT } from '../../../server/src/db/search-text-sql';
import { firstNames, labelSuffixes, labelWords, lastNames, tagNames } from './words';
import { genreRows, genreParentRows } from './genres';
import {
  lit,
  textArray,
  nonLatinCount,
  nonLatinLatin,
  nonLatinNames,
  pick,
  sessionSetup,
  titleExpr,
} from './sql';

export interface DatasetSize {
  releases: number;
  artists: number;
  users: number;
  labels: number;
  ratings: number;
}

export function datasetSize(scale: number): DatasetSize {
  const n = (base: number) => Math.max(1, Math.round(base * scale));
  return {
    releases: n(100_000),
    artists: n(30_000),
    users: n(20_000),
    labels: n(5_000),
    ratings: n(1_000_000),
  };
}

export interface StepTiming {
  step: string;
  ms: number;
}

/** Tables the generator fills: their secondary indexes are dropped while loading, then rebuilt. */
const LOADED_TABLES = [
  'artists',
  'labels',
  'users',
  'releases',
  'release_artists',
  'release_labels',
  'release_languages',
  'tracks',
  'release_genre_votes',
  'release_genres',
  'entries',
  'review_votes',
  'user_tags',
  'entry_tags',
  'track_votes',
];

const T = ReleaseType;
/** Share of each type, roughly as in a large community catalogue. */
const typeExpr = `case
  when u_type < 0.45 then ${T.LP} when u_type < 0.60 then ${T.EP} when u_type < 0.78 then ${T.Single}
  when u_type < 0.83 then ${T.Compilation} when u_type < 0.88 then ${T.Live}
  when u_type < 0.91 then ${T.Mixtape} when u_type < 0.93 then ${T.Soundtrack}
  when u_type < 0.95 then ${T.Remix} when u_type < 0.97 then ${T.DJMix}
  when u_type < 0.98 then ${T.Video} else ${T.Other} end`;

/**
 * Release dates from 1960 to 60 days ahead: 3 % upcoming, 4 % in the last 90
 * days, the rest denser towards the present (more music comes out every decade).
 */
const dayExpr = `case
  when u_date < 0.03 then current_date + 1 + floor(random() * 60)::int
  when u_date < 0.07 then current_date - floor(random() * 90)::int
  else date '1960-01-01' + floor(sqrt(random()) * (current_date - date '1960-01-01'))::int end`;

/**
 * How many of the most active users are collectors, and how many more
 * releases each draws per million ratings (about 1,700 distinct ones at the
 * full scale): where real sites have members of thousands of ratings, the
 * draws alone top out under 900 and no user's list would reach a 50th page.
 */
const COLLECTORS = 5;
const COLLECTOR_DRAWS_PER_MILLION = 2_500;

/** A release's popularity rank drawn log-uniformly over the `nr` ranks: everyone's draws and the collectors' alike. */
const releaseDraw = 'floor(10 * power((nr + 10) / 10.0, random()) - 10)::int';

function steps(size: DatasetSize): [string, string][] {
  const { releases: R, artists: A, users: U, labels: L } = size;
  const G = genreRows.length;
  const draws = Math.round(size.ratings * 1.25);
  const voterStep = Math.max(1, Math.floor(U / 3));
  const collectorDraws = Math.max(
    1,
    Math.round((COLLECTOR_DRAWS_PER_MILLION * size.ratings) / 1e6),
  );
  return [
    [
      'languages, genres',
      `insert into languages (id, iso639_1, name) values
         ('eng','en','English'), ('jpn','ja','Japanese'), ('kor','ko','Korean'),
         ('rus','ru','Russian'), ('fra','fr','French'), ('deu','de','German'),
         ('spa','es','Spanish'), ('por','pt','Portuguese'), ('swe','sv','Swedish')
       on conflict do nothing;
       insert into genres (id, name)
         select pg_temp.bid('g', n), name from (values ${genreRows
           .map((g, i) => `(${i + 1}, ${lit(g)})`)
           .join(', ')}) v(n, name);
       insert into genre_parents (genre_id, parent_id)
         select pg_temp.bid('g', c), pg_temp.bid('g', p) from (values ${genreParentRows
           .map(([c, p]) => `(${c}, ${p})`)
           .join(', ')}) v(c, p);`,
    ],
    [
      `${A} artists, ${L} labels`,
      `insert into artists (id, name, name_latin, bio, created_at, updated_at)
       select pg_temp.bid('a', i), case when nl then (${nonLatinNames})[k] else name end,
         case when nl then (${nonLatinLatin})[k] end,
         case when random() < 0.1 then 'Formed in ' || (1960 + floor(random() * 64))::int
           || '. ' || name || ' make records that are hard to file under one genre.' end,
         c, c
       from (select i, random() < 0.02 as nl, 1 + floor(random() * ${nonLatinCount})::int as k,
               case when random() < 0.35 then ${pick(firstNames)} || ' ' || ${pick(lastNames)}
                 else ${titleExpr} end as name,
               now() - random() * interval '6 years' as c
             from generate_series(1, ${A}) i offset 0) s
       order by 1;
       insert into labels (id, name, created_at, updated_at)
       select pg_temp.bid('l', i),
         trim(${pick(labelWords)} || ' ' || ${pick(labelWords)} || ' ' || ${pick(labelSuffixes)}),
         c, c
       from (select i, now() - random() * interval '6 years' as c
             from generate_series(1, ${L}) i offset 0) s
       order by 1;`,
    ],
    [
      `${U} users`,
      `insert into users (id, email, username, name, password_hash, account_status,
         contributor_status, created_at, updated_at)
       select pg_temp.bid('u', i), handle || '@bench.earmark.local', handle, name,
         '!no-login', ${AccountStatus.CONFIRMED}, ${ContributorStatus.CONTRIBUTOR}, c, c
       from (select i, lower(${pick(firstNames)}) || '.' || lower(${pick(lastNames)}) || i as handle,
               ${pick(firstNames)} || ' ' || ${pick(lastNames)} as name,
               now() - power(random(), 0.7) * interval '6 years' as c
             from generate_series(1, ${U}) i offset 0) s
       order by 1;`,
    ],
    [
      `${R} releases`,
      `insert into releases (id, title, title_latin, type, date, date_precision,
         explicit_cover_art, created_at, updated_at)
       select pg_temp.bid('r', i), case when nl then (${nonLatinNames})[k] else title end,
         case when nl then (${nonLatinLatin})[k] end, ${typeExpr},
         case when u_prec < 0.08 then date_trunc('year', d)::date
           when u_prec < 0.15 then date_trunc('month', d)::date else d end,
         case when u_prec < 0.08 then 'year' when u_prec < 0.15 then 'month' else 'day' end,
         case when random() < 0.004 then '["NUDITY"]'::jsonb else '[]'::jsonb end, c, c
       from (select i, random() < 0.02 as nl, 1 + floor(random() * ${nonLatinCount})::int as k,
               ${titleExpr} as title, u_type, u_prec, ${dayExpr} as d,
               now() - random() * interval '6 years' as c
             from (select i, random() as u_type, random() as u_date, random() as u_prec
                   from generate_series(1, ${R}) i offset 0) r
             offset 0) s
       order by 1;`,
    ],
    [
      'release artists, labels, languages',
      // Every artist has a release; beyond that a few artists are prolific.
      `with p as materialized (
         select i, case when i <= ${A} then i else 1 + floor(${A} * power(random(), 2.5))::int end as a,
           random() as u from generate_series(1, ${R}) i)
       insert into release_artists (release_id, artist_id, position)
       select pg_temp.bid('r', i), pg_temp.bid('a', a), 0 from p
       union all
       select pg_temp.bid('r', i), pg_temp.bid('a', 1 + (a + floor(random() * ${A - 1})::int) % ${A}), 1
       from p where u < 0.08 and ${A} > 1;
       insert into release_labels (release_id, label_id, position)
       select pg_temp.bid('r', i), pg_temp.bid('l', 1 + floor(${L} * power(random(), 2))::int), 0
       from generate_series(1, ${R}) i where random() < 0.8;
       insert into release_languages (release_id, language_id)
       select pg_temp.bid('r', i), case when random() < 0.8 then 'eng'
         else ${pick(['jpn', 'kor', 'rus', 'fra', 'deu', 'spa', 'por', 'swe'])} end
       from generate_series(1, ${R}) i where random() < 0.75;`,
    ],
    [
      'tracks',
      `insert into tracks (id, release_id, track, title, duration_ms, "order")
       select pg_temp.bid('t', row_number() over ()), id, t::text, ${titleExpr},
         (90 + random() * 330)::int * 1000, t
       from (select id, case type when ${T.LP} then 7 + floor(random() * 8)
                 when ${T.EP} then 4 + floor(random() * 3) when ${T.Single} then 1 + floor(random() * 3)
                 when ${T.Compilation} then 12 + floor(random() * 9)
                 else 5 + floor(random() * 10) end::int as n
             from releases offset 0) r
       cross join lateral generate_series(1, r.n) t;`,
    ],
    [
      'genre votes and scores',
      // One to three genres per release, each voted on by one to three users
      // (a quarter of the votes on secondary genres are down); the scores are
      // their sums, set with the other counters below.
      `create temp table rg as
       select r.id as release_id, pg_temp.bid('g', 1 + (g0 + j * 37) % ${G}) as genre_id, j,
         1 + floor(random() * 3)::int as voters, floor(random() * ${U})::int as base
       from (select id, floor(${G} * power(random(), 1.5))::int as g0,
               1 + floor(random() * 3)::int as n from releases offset 0) r
       cross join lateral generate_series(0, r.n - 1) j;
       insert into release_genre_votes (id, release_id, genre_id, user_id, vote, created_at, updated_at)
       select pg_temp.bid('v', row_number() over ()), release_id, genre_id,
         pg_temp.bid('u', 1 + (base + v * ${voterStep}) % ${U}),
         case when j > 0 and random() < 0.25 then -1 else 1 end, c, c
       from (select rg.*, now() - random() * interval '3 years' as c from rg offset 0) s
       cross join lateral generate_series(0, s.voters - 1) v;`,
    ],
    [
      `${size.ratings} ratings (reviews on 5 %)`,
      // Popularity and activity ranks are random; draws are log-uniform over
      // them (Zipf-like: the top 1 % of releases gets about half the ratings).
      // The most active few are collectors, with about 2,000 ratings each
      // (COLLECTORS), so a user's list has a 50th page and more.
      // A rating falls between the release (or its listener) appearing and now,
      // with 3 % more in the last 30 days: what is talked about right now.
      `create temp table pop as
       select row_number() over (order by random()) - 1 as rank, id, date, created_at,
         68 + 9 * pg_temp.gauss() as quality
       from releases where date <= current_date;
       create temp table usr as
       select row_number() over (order by random()) - 1 as rank, id, created_at,
         7 * pg_temp.gauss() as bias, (array[1, 5, 10, 5])[1 + floor(random() * 4)::int] as step
       from users where email like '%@bench.earmark.local';
       create temp table picks as
       select ur, rr from (
         select distinct ur, rr from (
           (select floor(200 * power((nu + 200) / 200.0, random()) - 200)::int as ur,
                  ${releaseDraw} as rr
           from (select count(*) as nr from pop) a, (select count(*) as nu from usr) b,
             generate_series(1, ${draws}) offset 0)
           union all
           (select c as ur, ${releaseDraw} as rr
           from (select count(*) as nr from pop) a, generate_series(0, ${COLLECTORS - 1}) c,
             generate_series(1, ${collectorDraws}) offset 0)) d) s
       order by random() limit ${size.ratings};
       insert into entries (id, user_id, release_id, release_date, rating, rating_updated_at,
         review, review_created_at, review_updated_at, created_at, updated_at)
       select pg_temp.bid('e', n), user_id, release_id, release_date, rating, at, review,
         case when review is not null then at end, case when review is not null then at end, at, at
       from (select row_number() over () as n, u.id as user_id, r.id as release_id,
               r.date as release_date,
               least(100, greatest(0, round((r.quality + u.bias + 10 * pg_temp.gauss()) / u.step)
                 * u.step))::int as rating,
               greatest(l.lower, case when random() < 0.03 then now() - random() * interval '30 days'
                 else l.lower + random() * (now() - l.lower) end) as at,
               case when random() < 0.05 then pg_temp.review_text() end as review
             from picks p join pop r on r.rank = p.rr join usr u on u.rank = p.ur
             cross join lateral (select greatest(r.date::timestamptz, r.created_at, u.created_at)
               as lower) l
             offset 0) s
       order by 1;`,
    ],
    [
      'review votes',
      // Up to a dozen votes a review (most get few), a fifth of them down. Voters
      // are drawn as raters are (the most active vote most, so signed-in bench
      // readers have votes of their own), never the review's author.
      `insert into review_votes (entry_id, user_id, vote, created_at, updated_at)
       select s.entry_id, u.id, case when random() < 0.2 then -1 else 1 end, s.at, s.at
       from (select e.id as entry_id, e.user_id as author,
               e.review_created_at + random() * (now() - e.review_created_at) as at,
               floor(200 * power((c.nu + 200) / 200.0, random()) - 200)::int as ur
             from (select id, user_id, review_created_at,
                     floor(13 * power(random(), 3))::int as n
                   from entries where review is not null offset 0) e
             cross join lateral generate_series(1, e.n) k
             cross join (select count(*) as nu from usr) c
             offset 0) s
       join usr u on u.rank = s.ur
       where u.id <> s.author
       on conflict do nothing;`,
    ],
    [
      'tags and track votes',
      // Two in five listeners keep tags of their own (two to nine), and tag a
      // quarter of their entries with one to three of them; one rated entry in
      // twenty-five votes on one to five of its release's tracks, a fifth down.
      // Picked from arrays: the tables' secondary indexes are not there yet.
      `create temp table tagger as
       select row_number() over () as i, user_id, n, o
       from (select id as user_id, 2 + floor(random() * 8)::int as n,
               floor(random() * ${tagNames.length})::int as o
             from usr where random() < 0.4 offset 0) s;
       insert into user_tags (id, user_id, name, created_at, updated_at)
       select pg_temp.bid('ut', i * 16 + k), user_id,
         (${textArray(tagNames)})[1 + (o + k) % ${tagNames.length}], c, c
       from (select t.*, k, now() - random() * interval '3 years' as c
             from tagger t cross join lateral generate_series(1, t.n) k offset 0) s;
       insert into entry_tags (entry_id, tag_id)
       select e.id, pg_temp.bid('ut', t.i * 16 + 1 + (e.o + j) % t.n)
       from (select id, user_id, floor(random() * 16)::int as o, 1 + floor(random() * 3)::int as m
             from entries where random() < 0.25 offset 0) e
       join tagger t on t.user_id = e.user_id
       cross join lateral generate_series(1, least(e.m, t.n)) j;
       create temp table release_tracks as
       select release_id, array_agg(id order by "order") as ids from tracks group by release_id;
       insert into track_votes (entry_id, track_id, vote, created_at)
       select e.id, rt.ids[1 + (e.o + k) % cardinality(rt.ids)],
         case when random() < 0.2 then -1 else 1 end, e.rating_updated_at
       from (select id, release_id, rating_updated_at, 1 + floor(random() * 5)::int as n,
               floor(random() * 32)::int as o
             from entries where rating is not null and random() < 0.04 offset 0) e
       join release_tracks rt on rt.release_id = e.release_id
       cross join lateral generate_series(1, least(e.n, cardinality(rt.ids))) k;`,
    ],
    // Every counter by the server's own recount, the definition of each.
    ...COUNTER_RECOUNTS.map((r): [string, string] => [r.counter, r.sql()]),
    // Triggers keep it in the server; they are off while the generator loads.
    ['release search text', REBUILD_RELEASE_SEARCH_TEXT],
    // Read per release through the credits' keys: without statistics on the
    // freshly loaded tables the planner hashed every artist per release.
    ['credits statistics', 'analyze release_artists; analyze release_labels; analyze artists'],
    ["entries' release dates, types and credits", REBUILD_ENTRY_RELEASE_COPIES],
    ["releases' artist credits", REBUILD_RELEASE_ARTIST_CREDITS],
    ["links' release dates and visibility", REBUILD_RELEASE_LINK_COPIES.join(';\n')],
    // Each entry's lists are read through its keys: without statistics, by hashing whole tables.
    [
      'tags and votes statistics',
      'analyze entry_tags; analyze user_tags; analyze track_votes; analyze tracks',
    ],
    ["entries' lists of their tags and track votes", REBUILD_ENTRY_PART_LISTS],
    // Counted from the entries' copies of their releases' credits, rebuilt just above.
    ["users' artist, label and genre charts", userCreditCounts.sql()],
  ];
}

async function timed(
  client: pg.Client,
  step: string,
  sql: string,
  out: StepTiming[],
): Promise<void> {
  const started = performance.now();
  process.stdout.write(`  ${step} ... `);
  await client.query(sql);
  const ms = Math.round(performance.now() - started);
  console.log(`${(ms / 1000).toFixed(1)} s`);
  out.push({ step, ms });
}

/** Fills a migrated, empty database with the large dataset. Returns the time of each step. */
export async function generateDataset(url: string, size: DatasetSize): Promise<StepTiming[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const timings: StepTiming[] = [];
  try {
    await client.query(sessionSetup);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(
      `select indexname as name, indexdef as def from pg_indexes i
       where schemaname = 'public' and tablename = any($1)
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      [LOADED_TABLES],
    );
    await client.query(
      indexes.map((i) => `drop index ${client.escapeIdentifier(i.name)};`).join(''),
    );
    for (const [step, sql] of steps(size)) await timed(client, step, sql, timings);
    await timed(client, 'rebuild indexes', indexes.map((i) => `${i.def};`).join('\n'), timings);
    await timed(client, 'vacuum analyze', 'vacuum analyze', timings);
  } finally {
    await client.end();
  }
  return timings;
}
