import pg from 'pg';
import { listCounters, sitePublishedLists } from '../../../server/src/db/recount-sql';
import { REBUILD_LIST_COVERS } from '../../../server/src/db/copies-sql';
import { withClient } from '../lib/postgres';
import type { StepTiming } from './generate';
import type { Scenario } from './scenarios';
import { lit, sessionSetup, titleExpr } from './sql';

/**
 * The lists of the large dataset: one published list of 1,000 releases (the
 * most rated, in order, some with a note) and a few thousand lists of bench
 * users, nine in ten published, with 5 to 50 releases and likes from none to
 * a few hundred (most lists have few, a handful have many), so sorting by
 * likes has real work. Added to a dataset that lacks them, so a dataset kept
 * from before lists existed gets them on its next run.
 */

/** The long list's items: more than one page can show, far from the 5,000 allowed. */
export const LONG_LIST_ITEMS = 1_000;
const LIST_COUNT = 3_000;
const MAX_LIKES = 500;
const LONG_LIST_LIKES = 900;

const longListDescription = [
  '## The thousand',
  'The **most rated** records on Earmark, one per line, in the order people rated them most.',
  'Notes on a few say why they matter; [the rules](/rules) say how a record gets in.',
].join('\n\n');

function statements(scale: number, users: number, releases: number): string {
  const lists = Math.max(1, Math.round(LIST_COUNT * scale));
  const top = Math.min(LONG_LIST_ITEMS, releases);
  return `
    create temp table bench_users as
    select row_number() over (order by entries_count desc, id) - 1 as rank, id, created_at
    from users where email like '%@bench.earmark.local';

    insert into lists (id, user_id, title, description, ranked, published, published_at,
      created_at, updated_at)
    select pg_temp.bid('L', 0), id, 'The thousand most rated', ${lit(longListDescription)},
      true, true, now() - interval '20 days', now() - interval '30 days', now() - interval '2 days'
    from bench_users where rank = 1;
    insert into list_items (id, list_id, release_id, position, note, created_at)
    select pg_temp.bid('I', n), pg_temp.bid('L', 0), id, (n - 1)::int,
      case when random() < 0.2 then 'Start with side two.' end, now() - interval '25 days'
    from (select id, row_number() over (order by ratings_count desc, id) as n
          from releases where pending_deletion = false and merged_into_id is null
          order by ratings_count desc, id limit ${top}) r;
    insert into list_likes (list_id, user_id, created_at)
    select pg_temp.bid('L', 0), id, now() - random() * interval '20 days'
    from bench_users where rank between 2 and ${Math.min(LONG_LIST_LIKES, users - 1) + 1};

    create temp table bench_lists as
    select i, pg_temp.bid('L', i) as id, u.id as user_id, u.rank as owner_rank, c,
      c + random() * (now() - c) as p, random() < 0.9 as published,
      5 + floor(45 * power(random(), 2))::int as items,
      least(${users - 1}, floor(${MAX_LIKES} * power(random(), 4))::int) as likes,
      floor(random() * ${releases})::int as r0, floor(random() * ${users})::int as u0
    from (select i, floor(${users} * power(random(), 2))::int as owner_rank,
            now() - random() * interval '3 years' as c
          from generate_series(1, ${lists}) i offset 0) s
    join bench_users u on u.rank = s.owner_rank;

    insert into lists (id, user_id, title, description, grid, ranked, published, published_at,
      created_at, updated_at)
    select id, user_id, ${titleExpr},
      case when random() < 0.5 then 'Records I keep coming back to.' end,
      random() < 0.3, random() < 0.5, published, case when published then p end, c, p
    from bench_lists order by id;
    -- Distinct releases per list: steps of a prime that does not divide the release count.
    insert into list_items (id, list_id, release_id, position, created_at)
    select pg_temp.bid('J', row_number() over ()), l.id,
      pg_temp.bid('r', 1 + (l.r0 + j * 7919) % ${releases}), j, l.c
    from bench_lists l cross join lateral generate_series(0, l.items - 1) j;
    -- Consecutive bench users, skipping the owner (a list is not liked by its owner).
    insert into list_likes (list_id, user_id, created_at)
    select l.id, u.id, l.p + random() * (now() - l.p)
    from bench_lists l cross join lateral generate_series(0, l.likes - 1) j
    join bench_users u on u.rank = (l.u0 + j) % ${users}
    where l.published and u.rank <> l.owner_rank;

    -- The counters the lists move, as triggers would have kept them (off while loading).
    ${listCounters.sql()};
    ${sitePublishedLists.sql()};
    -- Their cover mosaics, as the triggers on list_items would have kept them.
    ${REBUILD_LIST_COVERS};
    analyze lists; analyze list_items; analyze list_likes;`;
}

/**
 * Adds the lists when the dataset has none of its own yet. Returns the time
 * it took, or null when they were there already.
 */
export async function ensureBenchLists(url: string, scale: number): Promise<StepTiming | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sessionSetup);
    const { rows } = await client.query<{ present: boolean; users: string; releases: string }>(
      `select exists (select 1 from lists where id = pg_temp.bid('L', 0)) as present,
        (select count(*) from users where email like '%@bench.earmark.local') as users,
        (select count(*) from releases) as releases`,
    );
    const row = rows[0]!;
    if (row.present) return null;
    const step = `${Math.max(1, Math.round(LIST_COUNT * scale)) + 1} lists, items and likes`;
    process.stdout.write(`Adding the lists: ${step} ... `);
    const started = performance.now();
    await client.query('begin');
    await client.query(statements(scale, Number(row.users), Number(row.releases)));
    await client.query('commit');
    const ms = Math.round(performance.now() - started);
    console.log(`${(ms / 1000).toFixed(1)} s`);
    return { step, ms };
  } finally {
    await client.end();
  }
}

export interface ListSamples {
  longListId: string;
}

export async function listSamples(url: string): Promise<ListSamples> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{ id: string }>(
      `select id from lists where published order by items_count desc, id limit 1`,
    );
    if (!rows[0]) throw new Error('The dataset has no published list');
    return { longListId: rows[0].id };
  });
}

export async function listCounts(url: string): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<Record<string, string>>(`select
      (select count(*) from lists where published) as published_lists,
      (select count(*) from list_items) as list_items,
      (select count(*) from list_likes) as list_likes,
      (select max(items_count) from lists) as max_items_per_list,
      (select max(likes_count) from lists) as max_likes_per_list`);
    return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
  });
}

/** The lists calls, signed out (served from the read cache when it is on) and signed in. */
export function listScenarios(s: ListSamples): Scenario[] {
  const reads: Scenario[] = [
    {
      name: `GET lists/{id}/items?page=1 (${LONG_LIST_ITEMS.toLocaleString('en-US')} items)`,
      paths: () => [`/api/lists/${s.longListId}/items?page=1`],
    },
    { name: 'GET lists?sortBy=popular', paths: () => ['/api/lists?sortBy=popular'] },
  ];
  return [...reads, ...reads.map((r) => ({ ...r, name: `${r.name}, signed in`, signedIn: true }))];
}
