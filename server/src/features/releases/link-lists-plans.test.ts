import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedReleases } from '@earmark/common';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  capturingStatements,
  explain,
  insertNumberedRows,
  nodesOutsideInitPlans,
  planNodes,
  type PlanNode,
} from '../../../test/plans';

const RELEASES = 20_000;

/**
 * On PostgreSQL, with 20k releases: an artist's, a label's or a genre's
 * new, upcoming and recently added releases, and their totals, are a range
 * of that one's links in list order (the links carry their release's date,
 * creation and visibility), with its custom plan and with the generic plan
 * a connection keeps for the prepared statement. No walk of every release
 * probing the links. Row counts, never times.
 */
describe.skipIf(process.env.EARMARK_TEST_DB !== 'postgres')(
  "an artist's, label's and genre's release lists",
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' } });
      const fill = (statement: string) => t.db.execute(sql.raw(statement));
      await insertNumberedRows(t, { users: 10, artists: 80, labels: 50, genres: 20 });
      // A quarter of them not out yet; one in fifty hidden.
      await fill(`insert into releases (id, title, type, date, created_at, pending_deletion)
        select 'r' || i, 'Release ' || i, 1, current_date + 1000 - (i * 37 % 4000),
          timestamptz '2020-01-01 00:00:00+00' + i * interval '1 minute', i % 50 = 0
        from generate_series(1, ${RELEASES}) i`);
      await fill(`insert into release_artists (release_id, artist_id, position)
        select 'r' || i, 'a' || (1 + i % 80), 0 from generate_series(1, ${RELEASES}) i`);
      await fill(`insert into release_labels (release_id, label_id, position)
        select 'r' || i, 'l' || (1 + i % 50), 0 from generate_series(1, ${RELEASES}) i`);
      // Two genres a release, one voted down.
      await fill(`insert into release_genres (release_id, genre_id, score, upvotes, downvotes)
        select 'r' || i, 'g' || (1 + (i + k) % 20), case k when 0 then 2 else -1 end,
          case k when 0 then 2 else 0 end, case k when 0 then 0 else 1 end
        from generate_series(1, ${RELEASES}) i, generate_series(0, 1) k`);
      await fill('vacuum analyze');
    }, 120_000);
    afterAll(async () => t?.close());

    const generic = { query: "set local plan_cache_mode = 'force_generic_plan'", params: [] };

    /**
     * The page's and the total's statements of a request (those that read
     * `from`), each with its two plans (their root nodes); a large total the
     * list cache keeps is read once.
     */
    async function plansOf(
      url: string,
      from: RegExp,
      statements: number,
    ): Promise<{ query: string; plan: PlanNode; listed: number }[]> {
      let listed = 0;
      const sent = await capturingStatements(t, async () => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json<PagedReleases>();
        expect(page.releases.length).toBeGreaterThan(0);
        expect(page.totalItems).toBeGreaterThan(page.releases.length);
        listed = page.totalItems;
      });
      const reading = sent.filter((s) => from.test(s.query));
      expect(reading).toHaveLength(statements);
      const root = (n: PlanNode) => [n];
      const out = [];
      for (const s of reading) {
        const plan = (await explain(t, s, true, [], false, root))[0]!;
        out.push({ query: s.query, plan, listed });
        const kept = await explain(t, s, true, [generic], true, root);
        out.push({ query: s.query, plan: kept[0]!, listed });
      }
      return out;
    }

    /**
     * How a list's total reads: the ranges of `links` it counts, each by an
     * index matching `counted`, and the artist's, label's or genre's row
     * (`owner`) when its counter of visible releases is read instead of
     * counting the whole list.
     */
    interface TotalReads {
      counted: RegExp;
      ranges: number;
      owner?: string;
    }

    /**
     * A statement of a list's page or total: the list's rows are read from
     * `table` by `index` alone, no more than a page and the one after
     * (page 2 the first page's too); a page's releases by their key, each
     * once; nothing sorted. A total reads as `total` says, and from an
     * owner's counter fewer links than half the list's length.
     */
    function expectRange(
      { query: text, plan, listed: length }: { query: string; plan: PlanNode; listed: number },
      table: string,
      index: string,
      total: TotalReads,
    ) {
      // The site-wide lists read releases twice: the list by `index`, the page by key.
      const byKey = (n: PlanNode) => n['Index Name'] === 'releases_pkey';
      const listed = (n: PlanNode) => n['Relation Name'] === table && !byKey(n);
      const readOf = (n: PlanNode) => [n['Node Type'], n['Index Name']];
      // The total, a statement of its own or a sub-query of the page's.
      const totalAlone = /^select (count\(\*\)|"visible_releases_count")/.test(text);
      const totals = totalAlone
        ? [plan]
        : (plan.Plans ?? []).filter((n) => n['Parent Relationship'] === 'InitPlan');
      expect(totals.length, text).toBeLessThanOrEqual(1);
      for (const read of totals) {
        const ranges = planNodes(read).filter(listed);
        expect(ranges.map(readOf), text).toEqual(
          Array.from({ length: total.ranges }, () => [
            'Index Only Scan',
            expect.stringMatching(total.counted),
          ]),
        );
        // The owner's row, once (however the planner finds one of a few dozen).
        const owners = planNodes(read).filter(
          (n) => n['Relation Name'] !== undefined && n['Relation Name'] === total.owner,
        );
        expect(
          owners.map((n) => Number(n['Actual Rows'])),
          text,
        ).toEqual(total.owner ? [1] : []);
        if (total.owner) {
          const counted = ranges.reduce((n, r) => n + Number(r['Actual Rows']), 0);
          expect(counted, text).toBeLessThan(length / 2);
        }
      }
      if (totalAlone) return;
      const page = nodesOutsideInitPlans(plan);
      const reads = page.filter((n) => n['Relation Name']);
      expect(reads.filter(listed).map(readOf), text).toEqual([['Index Only Scan', index]]);
      expect(Number(reads.find(listed)!['Actual Rows']), text).toBeLessThanOrEqual(97);
      const releases = reads.filter(byKey);
      expect(reads).toHaveLength(2);
      expect(releases.map(readOf), text).toEqual([['Index Scan', 'releases_pkey']]);
      const probes = releases[0]!;
      expect(
        Number(probes['Actual Rows']) * Number(probes['Actual Loops']),
        text,
      ).toBeLessThanOrEqual(49);
      expect(page.some((n) => n['Node Type'] === 'Sort')).toBe(false);
    }

    // A list's total: upcoming counts its range; new and recently added read the
    // owner's counter of visible releases, new less its releases to come and undated.
    const lists: [string, string, string, number, boolean][] = [];
    for (const [filter, links] of [
      ['artistId=a7', 'release_artists_artist'],
      ['labelId=l7', 'release_labels_label'],
      ['genreId=g7', 'release_genres_genre'],
    ] as const) {
      lists.push([`type=new&${filter}`, `${links}_date_idx`, links, 2, true]);
      lists.push([`type=upcoming&${filter}`, `${links}_date_idx`, links, 1, false]);
      lists.push([`type=recently-added&${filter}`, `${links}_added_idx`, links, 0, true]);
    }

    it.each(lists)('%s reads a range of %s', async (query, index, links, ranges, counter) => {
      const table = links.split('_').slice(0, 2).join('_');
      const owner = table.replace('release_', '');
      const total = { counted: new RegExp(`^${links}_date_idx$`), ranges, owner: undefined };
      const from = new RegExp(`from "(${table}|${owner})"`);
      // Page 1 counts the list in its statement; page 2 counts it first.
      for (const [url, statements] of [
        [`/api/releases?${query}`, 1],
        [`/api/releases?${query}&page=2`, 2],
      ] as const) {
        const plans = await plansOf(url, from, statements);
        for (const p of plans)
          expectRange(p, table, index, { ...total, owner: counter ? owner : undefined });
      }
    });

    it.each([
      ['type=upcoming', 'releases_date_idx', 2],
      // Their totals, over 10,000, are kept a while (the list cache): page 2 reads the page alone.
      ['type=new', 'releases_date_idx', 1],
      ['type=recently-added', 'releases_created_at_idx', 1],
    ])('the site-wide %s reads the visible releases from %s alone', async (query, index, n) => {
      await t.app.inject({ method: 'GET', url: `/api/releases?${query}` });
      const lists = /from "releases" where \(?not "releases"."pending_deletion"/;
      for (const p of await plansOf(`/api/releases?${query}&page=2`, lists, n)) {
        expectRange(p, 'releases', index, { counted: new RegExp(`^${index}$`), ranges: 1 });
      }
    });

    it('reads the links of the filter given first among artist, label and genre, probing the others', async () => {
      const [page] = await plansOf(
        '/api/releases?type=new&labelId=l7&genreId=g17',
        /from "release_labels"/,
        1,
      );
      const read = nodesOutsideInitPlans(page!.plan)
        .filter((n) => n['Relation Name'])
        .map((n) => [n['Relation Name'], n['Index Name']]);
      // The label's links in list order; the genre's, however the planner joins them.
      expect(read).toContainEqual(['release_labels', 'release_labels_label_date_idx']);
      expect(new Set(read.map(([table]) => table))).toEqual(
        new Set(['release_labels', 'release_genres', 'releases']),
      );
    });
  },
);
