import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  entriesQuerySchema,
  maxPageFor,
  ReleaseListKind,
  releasesQuerySchema,
  RELEASES_PAGE_SIZE,
  SESSION_TTL_MS,
  SortBy,
  type PagedEntries,
} from '@earmark/common';
import type { DbOrTx } from '../db/client';
import { COUNTER_RECOUNTS } from '../db/recount-sql';
import { rowsOf } from '../db/rows';
import { sessions } from '../db/schema/users';
import { listEntries } from '../features/entries/list';
import { ReleaseListCache } from '../features/releases/list-cache';
import { listReleases, listReleasesFor } from '../features/releases/lists';
import { USER_STATS_TOP } from '../features/user-stats/service';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  capturingStatements,
  explain,
  insertNumberedRows,
  nodesOutsideInitPlans,
  planNodes,
  type PlanNode,
} from '../../test/plans';
import { newSecret, sha256 } from './ids';
import { REBUILD_ENTRY_PART_LISTS } from '../db/copies-sql';

/** Tables that grow with the site: no read of a page may go through one of them whole. */
const BIG_TABLES = [
  'entries',
  'entry_tags',
  'list_items',
  'lists',
  'release_genre_votes',
  'review_votes',
  'track_votes',
  'users',
];

/** The plan nodes that join two inputs. */
const JOIN_NODES = ['Nested Loop', 'Hash Join', 'Merge Join'];

/** As many users as the large bench dataset has. */
const USERS = 20_000;
const RATERS = 2_000;
const RELEASES = 10_000;

/**
 * On PostgreSQL, with 200k entries, 20k users and tables to match: every statement the
 * read lists send (whatever shape their queries take) is planned without a
 * sequential scan of a big table, signed out and signed in. Each request's
 * statements are captured as Drizzle sends them and EXPLAINed with their
 * values; the read cache is off, so every request reaches the database.
 */
describe.skipIf(process.env.EARMARK_TEST_DB !== 'postgres')('read plans at scale', () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
    const fill = (statement: string) => t.db.execute(sql.raw(statement));
    await insertNumberedRows(t, { users: USERS, artists: 2000, labels: 500, genres: 60 });
    await fill(`insert into releases (id, title, type, date, created_at)
      select 'r' || i, 'Release ' || i, (array[1, 2, 4, 5])[1 + i % 4],
        date '1960-01-01' + (i * 37 % 23000),
        timestamptz '2020-01-01 00:00:00+00' + i * interval '1 minute'
      from generate_series(1, ${RELEASES}) i`);
    await fill(`insert into release_artists (release_id, artist_id, position)
      select 'r' || i, 'a' || (1 + i % 2000), 0 from generate_series(1, ${RELEASES}) i`);
    await fill(`insert into release_labels (release_id, label_id, position)
      select 'r' || i, 'l' || (1 + i % 500), 0 from generate_series(1, ${RELEASES}) i`);
    // Five genre votes a release, over three genres each.
    await fill(`insert into release_genre_votes (id, release_id, genre_id, user_id, vote)
      select 'v' || r || '-' || k, 'r' || r, 'g' || (1 + (r + k % 3) % 60),
        'u' || (1 + (r * 3 + k) % ${USERS}), 1
      from generate_series(1, ${RELEASES}) r, generate_series(0, 4) k`);
    await fill(`insert into release_genres (release_id, genre_id)
      select distinct release_id, genre_id from release_genre_votes`);
    // 200k entries: each rater has 100 releases (distinct: 199 is prime to RELEASES), one in ten reviewed.
    const at = (n: string) => `timestamptz '2024-01-01 00:00:00+00' + (${n}) * interval '1 minute'`;
    await fill(`insert into entries (id, user_id, release_id, rating, rating_updated_at, review,
        review_created_at, review_updated_at, created_at, updated_at)
      select 'e' || u || '-' || k, 'u' || u, 'r' || (1 + (u * 131 + k * 199) % ${RELEASES}),
        (u * 7 + k * 13) % 101, ${at('u * 100 + k')},
        case when (u + k) % 10 = 0 then 'Review ' || u || ' ' || k end,
        case when (u + k) % 10 = 0 then ${at('u * 100 + k')} end,
        case when (u + k) % 10 = 0 then ${at('u * 100 + k')} end,
        ${at('u * 100 + k')}, ${at('u * 100 + k')}
      from generate_series(1, ${RATERS}) u, generate_series(1, 100) k`);
    // One release all the other users rated: its lists are long (page 50 and more).
    await fill(`insert into entries (id, user_id, release_id, rating, rating_updated_at, review,
        review_created_at, created_at)
      select 'h' || u, 'u' || u, 'r1', u % 101, ${at('u')},
        case when u % 5 = 0 then 'Review ' || u end, case when u % 5 = 0 then ${at('u')} end,
        ${at('u')}
      from generate_series(${RATERS + 1}, ${USERS}) u`);
    // Raters' tags: five each, two on every third of their entries.
    await fill(`insert into user_tags (id, user_id, name)
      select 'ut' || u || '-' || k, 'u' || u, 'Tag ' || k
      from generate_series(1, ${RATERS}) u, generate_series(1, 5) k`);
    // Loaded with triggers off, as the bench loads: the counters' recounts and the
    // entries' lists of their tags and votes are rebuilt once, below.
    const untriggered = (statement: string) =>
      fill(`set session_replication_role = replica; ${statement}; reset session_replication_role`);
    await untriggered(`insert into entry_tags (entry_id, tag_id)
      select 'e' || u || '-' || k, 'ut' || u || '-' || (1 + (k + j) % 5)
      from generate_series(1, ${RATERS}) u, generate_series(1, 100) k, generate_series(0, 1) j
      where (u + k) % 3 = 0`);
    // Eight tracks a release; every fourth entry of a rater votes on two of them.
    await fill(`insert into tracks (id, release_id, track, title, "order")
      select 't' || r || '-' || n, 'r' || r, n::text, 'Track ' || n, n
      from generate_series(1, ${RELEASES}) r, generate_series(1, 8) n`);
    await untriggered(`insert into track_votes (entry_id, track_id, vote)
      select 'e' || u || '-' || k, 't' || (1 + (u * 131 + k * 199) % ${RELEASES}) || '-' || n,
        case n when 1 then 1 else -1 end
      from generate_series(1, ${RATERS}) u, generate_series(1, 100) k, generate_series(1, 2) n
      where (u + k) % 4 = 0`);
    // Ten votes a review from raters; u1's on every review of r1.
    await fill(`insert into review_votes (entry_id, user_id, vote)
      select e.id, 'u' || (1 + (abs(hashtext(e.id)) + j * 197) % ${RATERS}),
        case when j % 3 = 0 then -1 else 1 end
      from entries e, generate_series(0, 9) j where e.review is not null`);
    await fill(`insert into review_votes (entry_id, user_id, vote)
      select id, 'u1', 1 from entries where release_id = 'r1' and review is not null
      on conflict do nothing`);
    await fill(`insert into lists (id, user_id, title, published, published_at)
      select 'li' || i, 'u' || i, 'List ' || i, true, ${at('i')}
      from generate_series(1, 500) i`);
    await fill(`insert into list_items (id, list_id, release_id, position)
      select 'it' || l || '-' || k, 'li' || l, 'r' || (1 + (l * 97 + k * 211) % ${RELEASES}), k
      from generate_series(1, 500) l, generate_series(1, 100) k`);
    for (const recount of COUNTER_RECOUNTS) await fill(recount.sql());
    // As autovacuum leaves a settled table: statistics, and pages marked all-visible so
    // index-only scans are costed as they run, not as heap reads ANALYZE alone leaves them.
    await fill(`vacuum analyze`);
    // With statistics: each entry's lists are read through its keys, not by hashing whole tables.
    await fill(REBUILD_ENTRY_PART_LISTS);
    const token = newSecret();
    await t.db.insert(sessions).values({
      id: sha256(token),
      userId: 'u1',
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    });
    cookie = `earmark_session=${token}`;
  }, 300_000);
  afterAll(async () => t?.close());

  /** The statements of one GET that read a big table whole, each with the tables so read. */
  async function wholeTableReads(url: string, signedIn: boolean): Promise<string[]> {
    const statements = await capturingStatements(t, async () => {
      const res = await t.app.inject({ method: 'GET', url, headers: signedIn ? { cookie } : {} });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(statements.length).toBeGreaterThan(0);
    const found: string[] = [];
    // The entries lists are statements made once per shape: after a few runs a
    // connection keeps their generic plan, which must keep to the indexes too.
    const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };
    const plans = async (s: (typeof statements)[number]) => [
      ...(await explain(t, s)),
      ...(s.query.startsWith('with "page"') ? await explain(t, s, false, [generic], true) : []),
    ];
    for (const statement of statements) {
      const scanned = (await plans(statement))
        .filter((n) => n['Node Type'] === 'Seq Scan')
        .map((n) => n['Relation Name'] ?? '')
        .filter((table) => BIG_TABLES.includes(table));
      if (scanned.length > 0) {
        found.push(`Seq Scan on ${[...new Set(scanned)].join(', ')}: ${statement.query}`);
      }
    }
    return found;
  }

  type Kept = { name: string; generic: number; custom: number };

  /**
   * The plans the list statements ran with while `run` read on one
   * connection (a transaction), by statement: how many generic, how many
   * made for their values.
   */
  async function plansRun(run: (tx: DbOrTx) => Promise<void>): Promise<Kept[]> {
    const keptOn = async (tx: DbOrTx) => {
      const rows = await rowsOf<{ name: string; generic: string; custom: string }>(
        tx,
        sql`select name, generic_plans::text as generic, custom_plans::text as custom
          from pg_prepared_statements
          where name ~ '^(entries_page|entries_total|releases_page|releases_count)_'`,
      );
      return new Map<string, Kept>(
        rows.map((r) => [r.name, { ...r, generic: Number(r.generic), custom: Number(r.custom) }]),
      );
    };
    const [before, after] = await t.db.transaction(async (tx) => {
      const first = await keptOn(tx);
      await run(tx);
      return [first, await keptOn(tx)];
    });
    const none: Kept = { name: '', generic: 0, custom: 0 };
    return [...after.values()]
      .map((k) => {
        const was = before.get(k.name) ?? none;
        return { name: k.name, generic: k.generic - was.generic, custom: k.custom - was.custom };
      })
      .filter((k) => k.generic + k.custom > 0);
  }

  const userEntries = (params: string) => `/api/entries?userId=u1&${params}`;
  const routes: [string, string][] = [
    ['release page', '/api/releases/r1'],
    ['release reviews, top', '/api/entries?releaseId=r1&withReview=true&sortBy=ReviewTop'],
    ['release reviews, new', '/api/entries?releaseId=r1&withReview=true&sortBy=ReviewDate'],
    ['release ratings', '/api/entries?releaseId=r1&sortBy=RatingDate'],
    ['release ratings, page 50', '/api/entries?releaseId=r1&sortBy=RatingDate&page=50'],
    ['release ratings, page 120', '/api/entries?releaseId=r1&sortBy=RatingDate&page=120'],
    ...Object.values(SortBy).map((sort): [string, string] => [
      `user entries by ${sort}`,
      userEntries(`sortBy=${sort}`),
    ]),
    ['user entries of a type', userEntries('sortBy=RatingDate&type=1')],
    ['user entries of a decade', userEntries('sortBy=RatingDate&decade=1990')],
    ['user entries of a genre', userEntries('sortBy=RatingDate&genre=g2')],
    ['reviews, new', '/api/entries?withReview=true&sortBy=ReviewDate'],
    ['reviews, top', '/api/entries?withReview=true&sortBy=ReviewTop'],
    ['top', '/api/releases?type=top'],
    ['top, page 50', '/api/releases?type=top&page=50'],
    ['top, page 200', '/api/releases?type=top&page=200'],
    ['top of a year', '/api/releases?type=top-oty&year=2000'],
    ['popular', '/api/releases?type=popular'],
    ['profile', '/api/users/username/user1'],
    ['lists, popular', '/api/lists?sortBy=popular'],
    ['lists, new, page 3', '/api/lists?sortBy=new&page=3'],
    ["a user's lists", '/api/lists?userId=u1'],
    ["a list's items", '/api/lists/li1/items'],
    ["a list's items, last page", '/api/lists/li1/items?page=2'],
    ...['ratings', 'artists', 'labels', 'genres', 'release-date', 'tags'].map(
      (kind): [string, string] => [`profile stats: ${kind}`, `/api/entries/user/u1/${kind}`],
    ),
  ];

  it.each(routes)('%s reads no big table whole', async (_name, url) => {
    expect(await wholeTableReads(url, false), 'signed out').toEqual([]);
    expect(await wholeTableReads(url, true), 'signed in').toEqual([]);
  });

  it.each([
    ['new', SortBy.ReviewDate],
    ['top of recent weeks', SortBy.ReviewTop],
  ])(
    'plans the site-wide reviews page (%s) and its total once per connection, not once a request',
    async (_name, sortBy) => {
      const query = entriesQuerySchema.parse({ withReview: 'true', sortBy });
      // Within the fixture's reviews, so the recent weeks have some.
      const now = new Date('2024-03-01T12:34:56Z');
      const ran = await plansRun(async (tx) => {
        // One connection: PostgreSQL tries its own plans five times before it keeps one.
        for (let i = 0; i < 8; i += 1) {
          const listed = await listEntries(tx, query, now);
          expect(listed.entries.length).toBeGreaterThan(0);
          expect(listed.totalItems).toBeGreaterThan(listed.entries.length);
        }
      });
      // The first page's statement, its total within, kept generic after its first runs.
      expect(ran.map((k) => k.name.replace(/_[0-9a-f]+$/, ''))).toEqual(['entries_page']);
      for (const k of ran) expect(k.generic, k.name).toBeGreaterThanOrEqual(3);
    },
  );

  it.each([
    ['the top reviews of recent weeks', { withReview: 'true', sortBy: SortBy.ReviewTop }],
    ["a release's ratings", { releaseId: 'r1', sortBy: SortBy.RatingDate }],
    ["a user's entries by rating date", { userId: 'u1', sortBy: SortBy.RatingDate }],
  ])(
    'plans the second page of %s (rows skipped) once per connection, not once a request',
    async (_name, params) => {
      const query = entriesQuerySchema.parse({ ...params, page: '2' });
      const now = new Date('2024-03-01T12:34:56Z');
      const ran = await plansRun(async (tx) => {
        for (let i = 0; i < 12; i += 1) {
          const listed = await listEntries(tx, query, now);
          expect(listed.currentPage).toBe(2);
          expect(listed.entries.length).toBe(listed.itemsPerPage);
        }
      });
      // PostgreSQL plans a statement for its values five times, then keeps the
      // generic plan unless those looked cheaper. Seen, each offset made a plan
      // that did, and the page was planned again on every run.
      const repeated = ran.filter((k) => k.generic + k.custom > 5);
      expect(repeated.length).toBeGreaterThan(0);
      for (const k of ran) expect(k.custom, k.name).toBeLessThanOrEqual(5);
      for (const k of repeated) expect(k.generic, k.name).toBeGreaterThan(0);
    },
  );

  it.each([
    ["a release's ratings", { releaseId: 'r1', sortBy: SortBy.RatingDate }],
    ["a user's entries by rating date", { userId: 'u1', sortBy: SortBy.RatingDate }],
  ])(
    'plans a deep page of %s by cursor once per connection, not once a request',
    async (_name, params) => {
      const first = await listEntries(t.db, entriesQuerySchema.parse(params));
      // The one before the last page, or the deepest a page number reaches.
      const deepest = Math.min(first.totalPages - 1, maxPageFor(first.itemsPerPage));
      const before = await listEntries(
        t.db,
        entriesQuerySchema.parse({ ...params, page: String(deepest) }),
      );
      expect(before.nextCursor).not.toBeNull();
      // Deep in a list, a plan made for the cursor's values expects few rows
      // after them, and would be preferred to the generic one on every run.
      const query = entriesQuerySchema.parse({ ...params, cursor: before.nextCursor });
      const ran = await plansRun(async (tx) => {
        for (let i = 0; i < 8; i += 1) {
          const listed = await listEntries(tx, query);
          expect(listed.entries.length).toBeGreaterThan(0);
        }
      });
      expect(ran.map((k) => k.name.replace(/_[0-9a-f]+$/, ''))).toEqual(['entries_page']);
      for (const k of ran) expect(k.generic, k.name).toBeGreaterThanOrEqual(3);
    },
  );

  it.each([ReleaseListKind.New, ReleaseListKind.Upcoming])(
    "plans a label's %s releases once per connection, not once a request",
    async (type) => {
      // A day late among the label's release dates: many out, two to come. A plan
      // made for the day expects few to come, and was preferred on every run.
      const now = new Date('2013-01-01T12:00:00Z');
      const query = releasesQuerySchema.parse({ type, labelId: 'l2' });
      const ran = await plansRun(async (tx) => {
        for (let i = 0; i < 8; i += 1) {
          const listed = await listReleases(tx, query, now, new ReleaseListCache());
          expect(listed.releases.length).toBeGreaterThan(0);
        }
      });
      // The page's statement, its total within, kept generic after its first runs.
      expect(ran.map((k) => k.name.replace(/_[0-9a-f]+$/, ''))).toEqual(['releases_page']);
      for (const k of ran) expect(k.generic, k.name).toBeGreaterThanOrEqual(3);
    },
  );

  it.each([
    ['type', 'type=1'],
    ['decade', 'decade=1990'],
    ['year', 'year=1995'],
    ['genre', 'genre=g2'],
    ['artist', 'artist=a2'],
    ['label', 'label=l2'],
  ])(
    "filters a user's entries by a %s of their releases on the entries' copies, reading no release by it",
    async (_name, filter) => {
      const statements = await capturingStatements(t, async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: userEntries(`sortBy=RatingDate&${filter}`),
        });
        expect(res.statusCode, res.body).toBe(200);
      });
      const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };
      // The first page's statement, whose walk counts its total.
      const listed = statements.filter((s) => s.query.startsWith('with "page"'));
      expect(listed).toHaveLength(1);
      expect(listed[0]!.query).toContain('count(*) over ()');
      for (const statement of listed) {
        // The walk reads the user's matching entries to sort them, and counts
        // them as it goes: no sub-query reads them again for the total.
        const entryReads = (nodes: PlanNode[]) =>
          nodes.filter((n) => n['Relation Name'] === 'entries').length;
        const outside = await explain(t, statement, true, [], false, nodesOutsideInitPlans);
        expect(entryReads(await explain(t, statement, true)), statement.query).toBe(
          entryReads(outside),
        );
        for (const plan of [
          await explain(t, statement, true),
          await explain(t, statement, true, [generic], true),
        ]) {
          // Not the releases of the type or decade from their indexes, to join the user's entries.
          const byFilter = plan.filter(
            (n) =>
              n['Relation Name'] === 'releases' &&
              ['releases_type_date_idx', 'releases_date_idx'].includes(String(n['Index Name'])),
          );
          expect(byFilter, statement.query).toEqual([]);
          // Nor a release's genres or credits looked up per entry.
          const linked = plan.filter((n) =>
            ['release_genres', 'release_artists', 'release_labels'].includes(
              String(n['Relation Name']),
            ),
          );
          expect(linked, statement.query).toEqual([]);
          const releaseRows = plan
            .filter((n) => n['Relation Name'] === 'releases')
            .reduce(
              (sum, n) => sum + Number(n['Actual Rows'] ?? 0) * Number(n['Actual Loops'] ?? 1),
              0,
            );
          // u1 has 100 entries; the releases read are the page's alone, none for the
          // filter or the count.
          expect(releaseRows, statement.query).toBeLessThanOrEqual(25);
        }
      }
    },
  );

  it.each([SortBy.RatingDate, SortBy.EntryDate, SortBy.ReleaseDate, SortBy.RatingHighToLow])(
    "sorts a user's entries of a type by %s from the type index alone, reading no entry to order them",
    async (sortBy) => {
      const statements = await capturingStatements(t, async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: userEntries(`sortBy=${sortBy}&type=1`),
        });
        expect(res.statusCode, res.body).toBe(200);
      });
      const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };
      const listed = statements.filter((s) => s.query.startsWith('with "page"'));
      expect(listed).toHaveLength(1);
      for (const plan of [
        await explain(t, listed[0]!, true),
        await explain(t, listed[0]!, true, [generic], true),
      ]) {
        // Entries are read from the index alone, but for the page's own rows by id.
        const rowReads = plan
          .filter((n) => n['Relation Name'] === 'entries' && n['Index Name'] !== 'entries_pkey')
          .filter((n) => n['Node Type'] !== 'Index Only Scan')
          .map((n) => [n['Node Type'], n['Index Name']]);
        expect(rowReads, listed[0]!.query).toEqual([]);
      }
    },
  );

  it.each([
    ['artists', '/api/entries/user/u1/artists'],
    ['labels', '/api/entries/user/u1/labels'],
    ['genres', '/api/entries/user/u1/genres'],
  ])(
    "reads a user's %s from their counts in chart order, cut to twenty before any is looked up",
    async (kind, url) => {
      const statements = await capturingStatements(t, async () => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.body.length).toBeGreaterThan(20);
      });
      const chart = statements.find((s) => s.query.includes('"user_credit_counts"'))!;
      expect(chart).toBeDefined();
      const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };
      for (const plan of [
        await explain(t, chart, true),
        await explain(t, chart, true, [generic], true),
      ]) {
        // Neither the entries nor their releases' credits or genres are read.
        const counted = plan.filter((n) =>
          ['entries', 'release_artists', 'release_labels', 'release_genres'].includes(
            String(n['Relation Name']),
          ),
        );
        expect(counted).toEqual([]);
        // The user's counts of the kind, from the chart's index in its order.
        const counts = plan
          .filter((n) => n['Relation Name'] === 'user_credit_counts')
          .map((n) => n['Index Name']);
        expect(counts).toEqual(['user_credit_counts_chart_idx']);
        // The twenty shown are joined to their names, not every one counted
        // (here every one of u1's artists is counted once: 100 tied).
        const joins = plan.filter(
          (n) =>
            JOIN_NODES.includes(n['Node Type']) &&
            planNodes(n).some((below) => below['Relation Name'] === kind && below.Alias === kind),
        );
        expect(joins.length).toBeGreaterThan(0);
        for (const join of joins) {
          expect((join['Actual Rows'] ?? 0) * (join['Actual Loops'] ?? 0)).toBeLessThanOrEqual(
            USER_STATS_TOP,
          );
        }
      }
    },
  );

  it.each([
    ['ratings', '/api/entries/user/u1/ratings'],
    ['release dates', '/api/entries/user/u1/release-date'],
    ['tags', '/api/entries/user/u1/tags'],
  ])("reads a user's %s chart from their counts alone, not their entries", async (_, url) => {
    const statements = await capturingStatements(t, async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
    });
    expect(statements).toHaveLength(1);
    const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };
    for (const plan of [
      await explain(t, statements[0]!, true),
      await explain(t, statements[0]!, true, [generic], true),
    ]) {
      const entryReads = plan.filter((n) =>
        ['entries', 'entry_tags'].includes(String(n['Relation Name'])),
      );
      expect(entryReads).toEqual([]);
      // A range of the user's counts of the kind, by an index that starts with both.
      const counts = plan.filter((n) => n['Relation Name'] === 'user_credit_counts');
      expect(counts).toHaveLength(1);
      expect(['Index Scan', 'Index Only Scan']).toContain(counts[0]!['Node Type']);
      expect(String(counts[0]!['Index Cond'])).toMatch(/user_id = .*kind = /);
    }
  });

  it("reads the entries of readers of a ranking's different pages by the pairs they asked", async () => {
    const cache = new ReleaseListCache();
    const pageOf = (page: number) => releasesQuerySchema.parse({ type: 'top', page: String(page) });
    await listReleases(t.db, pageOf(1), new Date(), cache); // the stretch of the ranking, kept apart
    const readers = ['u1', 'u2', 'u3', 'u4', 'u5'];
    let shown = 0;
    const statements = await capturingStatements(t, async () => {
      const made = await Promise.all(
        readers.map((id, n) => listReleasesFor(t.db, pageOf(n + 1), { id }, new Date(), cache)),
      );
      shown = made.reduce((sum, { page }) => sum + page.releases.length, 0);
    });
    // One statement for the five pages' cards and their readers' entries.
    expect(statements).toHaveLength(1);
    expect(shown).toBe(readers.length * RELEASES_PAGE_SIZE);
    const plan = await explain(t, statements[0]!, true);
    const probes = plan.filter((n) => n['Relation Name'] === 'entries');
    expect(probes.map((n) => n['Index Name'])).toEqual(['entries_user_release_key']);
    // A probe per (reader, release) asked, not each reader on every release of the batch.
    expect(probes[0]!['Actual Loops']).toBe(shown);
  });

  it('reads a deep page of "top" and its total from the top index, sorting ids alone', async () => {
    // A cache of its own: the app's has kept this stretch of the ranking since an earlier test.
    const query = releasesQuerySchema.parse({ type: 'top', page: '50' });
    const statements = await capturingStatements(t, async () => {
      const page = await listReleases(t.db, query, new Date(), new ReleaseListCache());
      expect(page.releases.length).toBeGreaterThan(0);
    });
    const ranked = statements.filter(
      (s) => s.query.includes('from "releases"') && s.query.includes('"ratings_count" >='),
    );
    // The ids and keys of the stretch of the ranking the page lies in, and the total.
    expect(ranked.length).toBe(2);
    // Here most releases are candidates, so a scan of the table or of another
    // index costs less; on the large data (one in ten) the planner picks the top
    // index. What is checked is that it can answer both, as their conditions
    // imply its own: with the others dropped (rolled back) and table scans off.
    const noTableScan = [
      'set local enable_seqscan = off',
      'set local enable_bitmapscan = off',
      'drop index releases_type_date_idx, releases_ratings_idx, releases_date_idx',
    ];
    for (const statement of ranked) {
      const plan = await explain(
        t,
        statement,
        false,
        noTableScan.map((query) => ({ query, params: [] })),
      );
      const used = plan.map((n) => n['Index Name']).filter(Boolean);
      expect(used, statement.query).toContain('releases_top_idx');
    }
    // The sort carries ids and sort values; the releases' columns are read by id after it.
    for (const page of ranked.filter((s) => !s.query.startsWith('select count'))) {
      expect(page.query).not.toContain('"cover"');
    }
  });

  it("reads a user's first page of entries whole in its walk, and a later page's by id", async () => {
    /** The plan of the page statement of one GET, as it ran. */
    const pagePlan = async (url: string) => {
      let tagged = 0;
      const statements = await capturingStatements(t, async () => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        const { entries } = res.json<PagedEntries>();
        expect(entries.length).toBeGreaterThan(0);
        tagged = entries.filter((e) => e.tags.length > 0).length;
      });
      const page = statements.find((s) => s.query.startsWith('with "page"'));
      expect(page).toBeDefined();
      const plan = await explain(t, page!, true, [], false, nodesOutsideInitPlans);
      // Tags and track votes come with the entries' rows: neither table is read.
      expect(tagged).toBeGreaterThan(0);
      const children = ['entry_tags', 'user_tags', 'track_votes', 'tracks'];
      expect(plan.filter((n) => children.includes(String(n['Relation Name'])))).toEqual([]);
      // The page's owner is read once, not once per entry.
      const owner = plan.filter((n) => n['Alias'] === 'users' && n['Index Name'] === 'users_pkey');
      expect(owner.map((n) => Number(n['Actual Loops'] ?? 0))).toEqual([1]);
      return plan;
    };
    const byId = (plan: PlanNode[]) => plan.filter((n) => n['Index Name'] === 'entries_pkey');
    const walkOf = (plan: PlanNode[]) =>
      plan.find((n) => n['Index Name'] === 'entries_user_rating_updated_idx');

    // Page 1: the walk reads the entries it shows, and nothing looks them up again.
    const first = await pagePlan(userEntries('sortBy=RatingDate'));
    expect(walkOf(first)?.['Node Type']).toBe('Index Scan');
    expect(walkOf(first)?.['Actual Rows']).toBeLessThanOrEqual(26);
    expect(byId(first)).toEqual([]);

    // Page 2 skips 25 entries: the walk reads the index alone, the page's rows by id.
    const second = await pagePlan(userEntries('sortBy=RatingDate&page=2'));
    expect(walkOf(second)?.['Node Type']).toBe('Index Only Scan');
    expect(byId(second).length).toBeGreaterThan(0);
  });

  it.each([
    ['a release’s reviews', '/api/entries?releaseId=r1&withReview=true&sortBy=ReviewTop'],
    ["a user's entries, page 2", userEntries('sortBy=RatingDate&page=2')],
  ])(
    'reads a signed-in reader’s own parts of %s with the page, one key probe per row',
    async (_name, url) => {
      let voted = 0;
      const statements = await capturingStatements(t, async () => {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(res.statusCode, res.body).toBe(200);
        const { entries } = res.json<PagedEntries>();
        voted = entries.filter((e) => e.review && e.review.upvotes + e.review.downvotes > 0).length;
      });
      // The page's statement reads them: no lookup of review_votes or entries by pairs.
      expect(statements.filter((s) => s.query.includes('unnest('))).toEqual([]);
      const page = statements.filter((s) => s.query.startsWith('with "page"'));
      expect(page).toHaveLength(1);
      const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };
      for (const plan of [
        await explain(t, page[0]!, true),
        await explain(t, page[0]!, true, [generic], true),
      ]) {
        const probes = (alias: string) =>
          plan
            .filter((n) => n['Alias'] === alias)
            .map((n) => [n['Node Type'].replace('Index Only Scan', 'Index Scan'), n['Index Name']]);
        expect(probes('vote_of_reader'), page[0]!.query).toEqual([
          ['Index Scan', 'review_votes_entry_id_user_id_pk'],
        ]);
        // Probed only on the page's reviews that somebody voted on (and on the
        // row read past the page, which tells whether another follows).
        const voteProbe = plan.find((n) => n['Alias'] === 'vote_of_reader')!;
        expect(Number(voteProbe['Actual Loops'] ?? 0), page[0]!.query).toBeLessThanOrEqual(
          voted + 1,
        );
        expect(probes('entry_of_reader'), page[0]!.query).toEqual([
          ['Index Scan', 'entries_user_release_key'],
        ]);
      }
    },
  );

  it("reads a release's list's release, and a signed-in reader's entry on it, once a page", async () => {
    const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };
    for (const headers of [{}, { cookie }]) {
      for (const url of [
        '/api/entries?releaseId=r1&sortBy=RatingDate',
        '/api/entries?releaseId=r1&sortBy=RatingDate&page=50',
      ]) {
        const statements = await capturingStatements(t, async () => {
          const res = await t.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json<PagedEntries>().entries).toHaveLength(24);
        });
        const page = statements.find((s) => s.query.startsWith('with "page"'))!;
        for (const plan of [
          await explain(t, page, true),
          await explain(t, page, true, [generic], true),
        ]) {
          const loops = (alias: string, index: string) =>
            plan
              .filter((n) => n['Alias'] === alias && n['Index Name'] === index)
              .map((n) => Number(n['Actual Loops'] ?? 0));
          // Every row's release is the listed one: its card is read once, not once a row.
          expect(loops('releases', 'releases_pkey'), page.query).toEqual([1]);
          if ('cookie' in headers) {
            expect(loops('entry_of_reader', 'entries_user_release_key'), page.query).toEqual([1]);
          }
        }
      }
    }
  });

  it("reads a list's page of items in one walk of its position index, each item once", async () => {
    for (const url of ['/api/lists/li1/items', '/api/lists/li1/items?page=2']) {
      for (const headers of [{}, { cookie }]) {
        const statements = await capturingStatements(t, async () => {
          const res = await t.app.inject({ method: 'GET', url, headers });
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
        });
        const page = statements.filter((s) => s.query.includes('from "list_items"'));
        expect(page, url).toHaveLength(1);
        const plan = await explain(t, page[0]!, true, [], false, nodesOutsideInitPlans);
        const reads = plan.filter((n) => n['Relation Name'] === 'list_items');
        // The walk reads each item's row (its note and release) and nothing reads it again.
        expect(
          reads.map((n) => n['Index Name']),
          url,
        ).toEqual(['list_items_list_position_idx']);
      }
    }
  });

  // Last: it moves reviews into the recent weeks.
  it("walks the site's top reviews down their index, counting the recent weeks' reviews right", async () => {
    // A sixth of the reviews are from the last 20 days, as on a live site.
    await t.db.execute(sql`update entries
      set review_created_at = now() - (hashtext(id) & 1023) * interval '28 minutes'
      where review is not null and hashtext(id) % 6 = 0`);
    await t.db.execute(sql`analyze entries`);
    const statements = await capturingStatements(t, async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/entries?withReview=true&sortBy=ReviewTop',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<{ entries: unknown[] }>().entries.length).toBeGreaterThan(0);
    });
    const page = statements.find((s) => s.query.startsWith('with "page"'));
    expect(page).toBeDefined();
    // The page's own nodes: its total (an init plan) counts the first day's reviews by date.
    const plan = await explain(t, page!, true, [], false, nodesOutsideInitPlans);
    // Down entries_review_net_idx until the page is full; no read of every recent review.
    const walk = plan.find((n) => n['Index Name'] === 'entries_review_net_idx');
    expect(walk).toBeDefined();
    expect(walk!['Actual Rows']).toBeLessThan(1000);
    const bitmapRead = plan.some(
      (n) => n['Node Type'] === 'Bitmap Heap Scan' && n['Relation Name'] === 'entries',
    );
    expect(bitmapRead).toBe(false);
    // Its total sums the window's days from review_days' index alone, once
    // the table is vacuumed (as autovacuum keeps it), prepared as it runs.
    await t.db.execute(sql`vacuum analyze review_days`);
    const whole = await explain(t, page!, true, [], true);
    const days = whole.filter((n) => n['Relation Name'] === 'review_days');
    expect(days.map((n) => [n['Node Type'], n['Index Name']])).toEqual([
      ['Index Only Scan', 'review_days_day_reviews_idx'],
    ]);
  });
});
