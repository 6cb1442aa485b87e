import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SortBy, type Entry, type PagedReleases, type ReleaseSummary } from '@earmark/common';
import { rowsOf } from '../db/rows';
import { buildPeerApp, buildTestApp, type TestApp } from '../../test/helpers';
import { capturingStatements } from '../../test/plans';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
} from '../../test/catalogue-factories';
import { waitFor } from '../features/auth/test-support';
import { call, members, ok, type Member } from '../features/entries/test-support';
import { readCards } from '../features/releases/list-summaries';
import { RELEASE_CARDS_CHANNEL, ReleaseCards, keepReleaseCards } from '../lib/release-cards';
import { unannounced } from './reader-presence-test-support';

// The read cache off, so every page is made again and reads its cards.
const env = { READ_CACHE_SECONDS: '0', RELEASE_CARDS_KEPT: '1000' };

const newest = '/releases?type=new';

describe('release cards kept by each instance', () => {
  let t: TestApp;
  let rater: Member;
  let ids: string[];
  beforeAll(async () => {
    t = await buildTestApp({ env });
    [rater] = (await members(t, 1)) as [Member];
    ids = [];
    for (let i = 0; i < 4; i++) ids.push((await createRelease(t.db)).id);
  });
  afterAll(async () => t?.close());

  /** The cards of the newest releases' first page, by id, as `who` sees them. */
  const cards = async (who: Member | null = null): Promise<Record<string, ReleaseSummary>> => {
    const page = await ok<PagedReleases>(call(t, who, 'GET', newest));
    return Object.fromEntries(page.releases.map((r) => [r.id, r]));
  };

  /** Reads the page until the instance keeps the card of `id` (no announcement came meanwhile). */
  const untilKept = (id: string) =>
    waitFor(async () => ((await cards())[id] && t.app.releaseCards!.size > 0) || undefined, 2000);

  it('reads a page’s cards from memory once kept, as the database holds them', async () => {
    await untilKept(ids[0]!);
    let page: Record<string, ReleaseSummary> = {};
    const statements = await capturingStatements(t, async () => {
      page = await cards();
    });
    // The page's statement reads its ids; no statement reads a card.
    expect(statements.filter((s) => s.query.includes('artist_credits'))).toEqual([]);
    expect(statements.length).toBeGreaterThan(0);
    const held = await rowsOf<{ id: string; title: string; ratings_count: number }>(
      t.db,
      sql`select id, title, ratings_count from releases`,
    );
    expect(Object.keys(page).sort()).toEqual([...ids].sort());
    for (const row of held) {
      expect(page[row.id]?.title).toBe(row.title);
      expect(page[row.id]?.stats.ratingsCount).toBe(row.ratings_count);
    }
  });

  it('shows a rating on the cards at once, with the rater’s entry', async () => {
    await untilKept(ids[0]!);
    const entry = await ok<Entry>(
      call(t, rater, 'POST', '/entries', { releaseId: ids[0], rating: 80 }),
      201,
    );
    const seen = await cards(rater);
    expect(seen[ids[0]!]?.stats).toEqual({ ratingsCount: 1, ratingsAvg: 80 });
    expect(seen[ids[0]!]?.viewerEntry?.id).toBe(entry.id);
    expect(seen[ids[1]!]?.viewerEntry).toBeNull();
    // Everyone else's card carries no reader's entry.
    expect((await cards())[ids[0]!]?.viewerEntry).toBeUndefined();
  });

  it('shows a rating written by another instance once PostgreSQL announces it', async () => {
    const [traveller] = (await members(t, 1)) as [Member];
    await untilKept(ids[1]!);
    const peer = await buildPeerApp(t);
    try {
      await ok<Entry>(
        call({ ...t, app: peer }, traveller, 'POST', '/entries', {
          releaseId: ids[1],
          rating: 40,
        }),
        201,
      );
      const stats = await waitFor(async () => {
        const card = (await cards())[ids[1]!];
        return card?.stats.ratingsCount === 1 ? card.stats : undefined;
      }, 2000);
      expect(stats.ratingsAvg).toBe(40);
    } finally {
      await peer.close();
    }
  });

  it('shows a release renamed or hidden in the database once PostgreSQL announces it', async () => {
    await untilKept(ids[2]!);
    await t.db.execute(sql`update releases set title = 'Renamed in place' where id = ${ids[2]}`);
    await waitFor(
      async () => ((await cards())[ids[2]!]?.title === 'Renamed in place' ? true : undefined),
      2000,
    );
    await t.db.execute(sql`update releases set pending_deletion = true where id = ${ids[3]}`);
    await waitFor(async () => ((await cards())[ids[3]!] ? undefined : true), 2000);
    await t.db.execute(sql`update releases set pending_deletion = false where id = ${ids[3]}`);
    await waitFor(async () => ((await cards())[ids[3]!] ? true : undefined), 2000);
  });

  it('reads kept cards from memory, not from the database', async () => {
    await untilKept(ids[2]!);
    const title = (await cards())[ids[2]!]!.title;
    // Unannounced (the trigger off), a rename stays unseen while the card is kept.
    await unannounced(t, 'releases', 'releases_card_changed_notify', () =>
      t.db.execute(sql`update releases set title = 'Renamed quietly' where id = ${ids[2]}`),
    );
    expect((await cards())[ids[2]!]?.title).toBe(title);
    t.app.releaseCards!.dropIds([ids[2]!]);
    expect((await cards())[ids[2]!]?.title).toBe('Renamed quietly');
  });

  it('announces the releases whose card changes, not other changes', async () => {
    const heard: string[] = [];
    const stop = await t.database.listen(RELEASE_CARDS_CHANNEL, {
      message: (payload) => heard.push(payload),
      ready: () => undefined,
      lost: () => undefined,
    });
    try {
      const announced = async (change: ReturnType<typeof sql>) => {
        heard.length = 0;
        await t.db.execute(change);
        // A write announced nothing when a later one is heard alone.
        await t.db.execute(sql`select pg_notify(${RELEASE_CARDS_CHANNEL}, 'mark')`);
        await waitFor(() => (heard.includes('mark') ? true : undefined), 2000);
        return heard.filter((payload) => payload !== 'mark');
      };
      const id = ids[1]!;
      const card = [id];
      expect(await announced(sql`update releases set title = 'Another' where id = ${id}`)).toEqual(
        card,
      );
      expect(
        await announced(
          sql`update releases set artist_credits = '[]'::json, ratings_count = 7 where id = ${id}`,
        ),
      ).toEqual(card);
      expect(
        await announced(sql`update releases set cover = '{"sm":"a"}'::jsonb where id = ${id}`),
      ).toEqual(card);
      expect(
        await announced(
          sql`update releases set entries_count = 9, reviews_count = 3 where id = ${id}`,
        ),
      ).toEqual([]);
      expect(await announced(sql`update releases set title = title where id = ${id}`)).toEqual([]);
      // Many releases in one transaction: the first hundred by id, then everything.
      const many = await createManyReleases(t, 101);
      const all = await announced(
        sql`update releases set title = title || '!' where id like 'many-%'`,
      );
      expect(all).toHaveLength(101);
      expect(all.at(-1)).toBe('*');
      expect(await announced(sql`delete from releases where id = ${many[0]}`)).toEqual([many[0]]);
    } finally {
      await stop();
    }
  });
});

describe('list pages made from kept cards', () => {
  let t: TestApp;
  let readers: Member[];
  let genreId: string;
  let labelId: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0', LIST_RATE_LIMIT: '0' } });
    readers = await members(t, 2);
    const genre = await createGenre(t.db);
    const label = await createLabel(t.db);
    const artist = await createArtist(t.db);
    [genreId, labelId] = [genre.id, label.id];
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const release = await createRelease(t.db, {
        artists: [artist],
        labels: i % 2 === 0 ? [label] : [],
        genres: i % 3 === 0 ? [] : [genre],
        date: `2020-0${1 + (i % 3)}-1${i}`,
      });
      ids.push(release.id);
    }
    await createRelease(t.db, { labels: [label], genres: [genre], pendingDeletion: true });
    for (const [n, releaseId] of ids.entries()) {
      const rating = 20 + n * 10;
      const review = n % 2 === 0 ? `Heard it ${n} times` : undefined;
      await ok(call(t, readers[n % 2]!, 'POST', '/entries', { releaseId, rating, review }), 201);
      if (n % 3 === 0) {
        await ok(call(t, readers[(n + 1) % 2]!, 'POST', '/entries', { releaseId, rating }), 201);
      }
    }
  });
  afterAll(async () => t?.close());

  /**
   * Each list's pages by cursor and its page 2, as each reader sees them,
   * made by statements that join their cards (this instance keeps none),
   * then made from cards kept: the same, byte for byte.
   */
  const sameOnKeptCards = async (lists: string[], kept: number) => {
    const pages = async () => {
      const seen: [string, string][] = [];
      for (const who of [null, ...readers]) {
        for (const list of lists) {
          for (let path: string | null = list; path;) {
            const res = await call(t, who, 'GET', path);
            expect(res.statusCode, res.body).toBe(200);
            seen.push([path, res.body]);
            const { nextCursor } = res.json<{ nextCursor: string | null }>();
            path = nextCursor ? `${list}&cursor=${nextCursor}` : null;
          }
          seen.push([`${list}&page=2`, (await call(t, who, 'GET', `${list}&page=2`)).body]);
        }
      }
      return seen;
    };
    expect(t.app.releaseCards).toBeUndefined();
    const joined = await pages();
    expect(joined.length).toBeGreaterThan(40);
    const cards = new ReleaseCards({ load: (ids) => readCards(t.db, ids), maxKept: 100 });
    cards.listeningFromNow();
    const unkeep = keepReleaseCards(t.db, cards);
    try {
      expect(await pages()).toEqual(joined);
      expect(cards.size).toBe(kept);
    } finally {
      unkeep();
    }
  };

  it('gives every release list’s pages as the statements that join their cards give them', async () => {
    // The pending release is on no page, and its card is not kept.
    await sameOnKeptCards(
      [
        '/releases?type=new&pageSize=3',
        `/releases?type=new&genreId=${genreId}&pageSize=2`,
        `/releases?type=new&labelId=${labelId}&pageSize=2`,
        '/releases?type=popular&pageSize=3',
        '/releases?type=top&pageSize=3',
        '/releases?type=top-oty&year=2020&pageSize=3',
      ],
      7,
    );
  });

  it('gives every page of a user’s and the site’s entries as the joining statements give them', async () => {
    const lists = Object.values(SortBy).flatMap((sortBy) =>
      readers.map((r) => `/entries?userId=${r.user.id}&sortBy=${sortBy}&pageSize=2`),
    );
    lists.push(
      `/entries?userId=${readers[0]!.user.id}&genre=${genreId}&pageSize=2`,
      `/entries?userId=${readers[1]!.user.id}&decade=2020&pageSize=2`,
      '/entries?withReview=true&sortBy=ReviewDate&pageSize=2',
      '/entries?withReview=true&sortBy=ReviewTop&pageSize=2',
    );
    await sameOnKeptCards(lists, 7);
  });
});

/** `n` releases inserted in one statement, with no credits: their ids. */
async function createManyReleases(t: TestApp, n: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    t.db,
    sql`insert into releases (id, title, type)
      select 'many-' || g, 'Many ' || g, 1 from generate_series(1, ${n}) g returning id`,
  );
  return rows.map((r) => r.id);
}
