import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { call, members, ok, type Member } from '../features/entries/test-support';
import { makeList } from '../features/lists/test-support';
import { artistPageMeta } from '../features/artists/page-meta';
import { genrePageMeta } from '../features/genres/page-meta';
import { labelPageMeta } from '../features/labels/page-meta';
import { listPageMeta } from '../features/lists/page-meta';
import { releasePageMeta } from '../features/releases/page-meta';
import { profilePageMeta } from '../features/users/page-meta';
import { buildTestApp, type TestApp } from '../../test/helpers';
import {
  createArtist,
  createGenre,
  createLabel,
  createRelease,
} from '../../test/catalogue-factories';
import { capturingStatements } from '../../test/plans';

/** Requests of each page, enough for PostgreSQL to try its own plans and keep a generic one. */
const RUNS = 8;

/** The ids the pages are made of. */
interface Made {
  list: string;
  artist: string;
  label: string;
  genre: string;
  release: string;
  entry: string;
  user: string;
  username: string;
}

/** Each page's link preview, read when its address is opened: what it is, its path and reader. */
const PREVIEWS: [string, (m: Made) => string, typeof releasePageMeta][] = [
  ['a release', (m) => `/release/${m.release}`, releasePageMeta],
  ['a list', (m) => `/list/${m.list}`, listPageMeta],
  ['an artist', (m) => `/artist/${m.artist}`, artistPageMeta],
  ['a label', (m) => `/label/${m.label}`, labelPageMeta],
  ['a genre', (m) => `/genre/${m.genre}`, genrePageMeta],
  ['a profile', (m) => `/${m.username}`, profilePageMeta],
];

/** Each page: what it is, its API path and whether the reader is signed in. */
const PAGES: [string, (m: Made) => string, 'out' | 'in'][] = [
  ['a list', (m) => `/lists/${m.list}`, 'out'],
  ['a list, signed in', (m) => `/lists/${m.list}`, 'in'],
  ["a list's items", (m) => `/lists/${m.list}/items?page=1`, 'out'],
  ['an artist', (m) => `/artists/${m.artist}`, 'out'],
  ['a label', (m) => `/labels/${m.label}`, 'out'],
  ['a genre', (m) => `/genres/${m.genre}`, 'out'],
  ['an entry', (m) => `/entries/${m.entry}`, 'out'],
  ["the reader's entry on a release", (m) => `/entries/release/${m.release}/me`, 'in'],
  ["followed users' entries on a release", (m) => `/entries/release/${m.release}/following`, 'in'],
  ['notifications', () => '/notifications', 'in'],
  ["a release's comments", (m) => `/comments?entityType=20&entityId=${m.release}`, 'out'],
  ["a review's comments", (m) => `/comments?entityType=11&entityId=${m.entry}`, 'in'],
  ["a list's comments", (m) => `/comments?entityType=12&entityId=${m.list}`, 'out'],
  ["a profile's shoutbox", (m) => `/comments?entityType=10&entityId=${m.user}`, 'out'],
  ["the reader's tags", () => '/entries/user/tags', 'in'],
  ["a member's followers", (m) => `/users/${m.user}/followers`, 'out'],
  ['who a member follows, signed in', (m) => `/users/${m.user}/following`, 'in'],
  ["a member's followers, page 2", (m) => `/users/${m.user}/followers?page=2`, 'in'],
  ['unread notifications', () => '/notifications/unread-count', 'in'],
  ["a label's releases", (m) => `/releases?type=new&labelId=${m.label}`, 'out'],
  ["a label's upcoming releases", (m) => `/releases?type=upcoming&labelId=${m.label}`, 'in'],
  ["a genre's releases", (m) => `/releases?type=new&genreId=${m.genre}`, 'out'],
  [
    "an artist's releases, recently added",
    (m) => `/releases?type=recently-added&artistId=${m.artist}`,
    'out',
  ],
  ['new releases', () => '/releases?type=new', 'out'],
];

/**
 * On PostgreSQL, the pages a visit opens most send only named statements
 * (prepared once per connection), and after a few runs PostgreSQL keeps a
 * generic plan for them: planning such a statement cost more than running
 * it. One connection for reads and writes, so the prepared statements it
 * lists are all the app's; the read cache off, so every request reaches it.
 */
describe.skipIf(process.env.EARMARK_TEST_DB !== 'postgres')('prepared reads', () => {
  let t: TestApp;
  let reader: Member;
  let made: Made;

  beforeAll(async () => {
    t = await buildTestApp({ env: { READ_CACHE_SECONDS: '0' }, pool: { reads: 1, writes: 0 } });
    const [owner, other] = await members(t, 2);
    reader = owner!;
    const artist = await createArtist(t.db);
    const label = await createLabel(t.db);
    const genre = await createGenre(t.db);
    const releases = await Promise.all(
      [0, 1, 2].map(() =>
        createRelease(t.db, { artists: [artist], labels: [label], genres: [genre] }),
      ),
    );
    const release = releases[0]!;
    const list = await makeList(t, reader, {}, { publish: true, releases });
    await ok(call(t, reader, 'POST', `/users/${other!.user.id}/following`));
    await ok(call(t, other!, 'POST', `/users/${reader.user.id}/following`));
    const entry = await ok<{ id: string }>(
      call(t, other!, 'POST', '/entries', {
        releaseId: release.id,
        rating: 80,
        review: 'Warm, patient and worth the wait.',
      }),
      201,
    );
    await ok(call(t, reader, 'POST', '/entries', { releaseId: release.id, rating: 60 }), 201);
    made = {
      list,
      artist: artist.id,
      label: label.id,
      genre: genre.id,
      release: release.id,
      entry: entry.id,
      user: reader.user.id,
      username: reader.user.username,
    };
  }, 60_000);
  afterAll(async () => t?.close());

  /** How often each prepared statement of the connection ran, with a generic and a custom plan. */
  async function prepared(): Promise<Map<string, { generic: number; custom: number }>> {
    const rows = await rowsOf<{ name: string; generic: string; custom: string }>(
      t.db,
      sql`select name, generic_plans::text as generic, custom_plans::text as custom
        from pg_prepared_statements`,
    );
    return new Map(
      rows.map((r) => [r.name, { generic: Number(r.generic), custom: Number(r.custom) }]),
    );
  }

  /**
   * Runs `visit` RUNS times: every statement it sends must run prepared and,
   * with `generic`, some on a generic plan.
   */
  async function expectOnlyPrepared(
    name: string,
    visit: () => Promise<unknown>,
    generic: boolean,
  ): Promise<void> {
    // The session is looked up (and kept) once before counting.
    await visit();
    const before = await prepared();
    const sent = await capturingStatements(t, async () => {
      for (let run = 0; run < RUNS; run += 1) await visit();
    });
    const after = await prepared();
    let runs = 0;
    let genericLast = 0;
    for (const [statement, now] of after) {
      const was = before.get(statement) ?? { generic: 0, custom: 0 };
      const ran = now.generic + now.custom - was.generic - was.custom;
      runs += ran;
      if (ran > 0) genericLast += Number(now.generic > was.generic);
    }
    expect(sent.length, name).toBeGreaterThan(0);
    // Each statement sent ran as a prepared one: none was parsed and planned afresh.
    expect(runs, `${name}: ${sent.map((s) => s.query.slice(0, 80)).join('\n')}`).toBe(sent.length);
    if (generic) expect(genericLast, name).toBeGreaterThan(0);
  }

  it.each(PAGES)('%s: only prepared statements, kept generic', async (name, path, signed) => {
    const who = signed === 'in' ? reader : null;
    await expectOnlyPrepared(name, () => ok(call(t, who, 'GET', path(made))), true);
  });

  it.each(PREVIEWS)(
    'the link preview of %s: only prepared statements',
    async (name, path, meta) => {
      const preview = async () => expect(await meta(t.db, path(made))).not.toBeNull();
      // Some previews' statements PostgreSQL plans for their values each run.
      await expectOnlyPrepared(name, preview, false);
    },
  );
});
