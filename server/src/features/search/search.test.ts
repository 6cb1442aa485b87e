import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  SEARCH_QUERY_MAX,
  SEARCH_TYPES,
  searchReplySchema,
  type SearchReply,
} from '@earmark/common';
import { artists, releaseArtists, releases } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import { newId } from '../../lib/ids';
import {
  addRatings,
  createArtist,
  createGenre,
  createLabel,
  createRelease,
  voteGenre,
} from '../../../test/catalogue-factories';
import { expectCountersConsistent } from '../entries/test-support';
import { buildTestApp, createUser, login, type TestApp } from '../../../test/helpers';

describe('search: GET /api/search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  const get = (query: string, cookie?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/search?${query}`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  async function find(q: string, ...types: string[]): Promise<SearchReply> {
    const params = new URLSearchParams({ q });
    for (const type of types) params.append('type', type);
    const res = await get(params.toString());
    expect(res.statusCode, res.body).toBe(200);
    return searchReplySchema.parse(res.json());
  }

  const titles = (reply: SearchReply) => reply.releases!.map((r) => r.title);
  const names = (list: { name: string }[] | undefined) => list!.map((x) => x.name);

  it('ranks exact, then prefix, then whole words, then word starts, then similar', async () => {
    const artist = await createArtist(t.db, { name: 'Quillfeather' });
    for (const title of ['Zorvex Kid', 'Zorvexian Kiddos', 'Zorvex', 'Zorvex Kid Returns']) {
      await createRelease(t.db, { title, artists: [artist] });
    }
    await createRelease(t.db, { title: 'Zorvec Kid', artists: [artist] });
    const reply = await find('zorvex kid', 'releases');
    expect(titles(reply)).toEqual([
      'Zorvex Kid', // the title
      'Zorvex Kid Returns', // starts with it
      'Zorvexian Kiddos', // every word starts a word
      'Zorvec Kid', // a typo away
      'Zorvex', // most of it
    ]);
    expect(reply.releasesCount).toBe(5);
    // Paged, the similar ones come after the words' ranks, whichever page they start on.
    const paged = async (page: number) => {
      const res = await get(`q=zorvex+kid&type=releases&pageSize=2&page=${page}`);
      return titles(searchReplySchema.parse(res.json()));
    };
    expect([await paged(1), await paged(2), await paged(3)]).toEqual([
      ['Zorvex Kid', 'Zorvex Kid Returns'],
      ['Zorvexian Kiddos', 'Zorvec Kid'],
      ['Zorvex'],
    ]);
  });

  it('puts whole words before word starts, and breaks ties by popularity', async () => {
    const artist = await createArtist(t.db, { name: 'Plinth' });
    await createRelease(t.db, { title: 'Marrowbone Songs', artists: [artist] });
    const quiet = await createRelease(t.db, { title: 'Songs of Marrow', artists: [artist] });
    const loved = await createRelease(t.db, { title: 'Marrow Songs Live', artists: [artist] });
    const loud = await createRelease(t.db, { title: 'The Marrow Songs', artists: [artist] });
    await addRatings(t.db, loud, [80, 70, 90]);
    await addRatings(t.db, loved, [60]);
    void quiet;
    const reply = await find('marrow songs', 'releases');
    expect(titles(reply)).toEqual([
      'Marrow Songs Live', // prefix
      'The Marrow Songs', // whole words, three ratings
      'Songs of Marrow', // whole words, none
      'Marrowbone Songs', // word starts
    ]);
  });

  it('puts the artist, label and genre on more releases first, as credits come and go', async () => {
    const [few, many] = [
      await createArtist(t.db, { name: 'Thessaly Few' }),
      await createArtist(t.db, { name: 'Thessaly Many' }),
    ];
    const [small, big] = [
      await createLabel(t.db, { name: 'Thessaly Small' }),
      await createLabel(t.db, { name: 'Thessaly Big' }),
    ];
    const [rare, common] = [
      await createGenre(t.db, { name: 'Thessaly Rare' }),
      await createGenre(t.db, { name: 'Thessaly Common' }),
    ];
    await createRelease(t.db, { artists: [few], labels: [small] });
    const made = [];
    for (let i = 0; i < 2; i += 1) {
      made.push(await createRelease(t.db, { artists: [many], labels: [big] }));
    }
    await voteGenre(t.db, made[0]!, rare, 1);
    await voteGenre(t.db, made[0]!, common, 2);
    await voteGenre(t.db, made[1]!, common, 1);
    const order = async () => {
      const reply = await find('thessaly', 'artists', 'labels', 'genres');
      return [names(reply.artists), names(reply.labels), names(reply.genres)];
    };
    expect(await order()).toEqual([
      ['Thessaly Many', 'Thessaly Few'],
      ['Thessaly Big', 'Thessaly Small'],
      ['Thessaly Common', 'Thessaly Rare'],
    ]);

    // Releases removed, a genre voted off one: the counts follow, and so does the order.
    await t.db.delete(releases).where(
      inArray(
        releases.id,
        made.map((r) => r.id),
      ),
    );
    await createRelease(t.db, { artists: [few], labels: [small] });
    const other = await createRelease(t.db);
    await voteGenre(t.db, other, rare, 1);
    expect(await order()).toEqual([
      ['Thessaly Few', 'Thessaly Many'],
      ['Thessaly Small', 'Thessaly Big'],
      ['Thessaly Rare', 'Thessaly Common'],
    ]);
    await expectCountersConsistent(t);
  });

  it('ignores accents and case, and reads Latin forms', async () => {
    const bjork = await createArtist(t.db, { name: 'Björk' });
    const sigur = await createArtist(t.db, { name: 'Sigur Rós' });
    const utada = await createArtist(t.db, { name: '宇多田ヒカル', nameLatin: 'Utada Hikaru' });
    await createRelease(t.db, { title: 'Homogenic', artists: [bjork] });
    await createRelease(t.db, { title: 'Ágætis byrjun', artists: [sigur] });
    await createRelease(t.db, { title: '初恋', titleLatin: 'Hatsukoi', artists: [utada] });

    expect(names((await find('bjork', 'artists')).artists)).toEqual(['Björk']);
    expect(names((await find('BJÖRK', 'artists')).artists)).toEqual(['Björk']);
    expect(names((await find('sigur ros', 'artists')).artists)).toEqual(['Sigur Rós']);
    expect(titles(await find('agaetis', 'releases'))).toEqual(['Ágætis byrjun']);
    expect((await find('utada', 'artists')).artists).toEqual([
      { id: utada.id, name: '宇多田ヒカル', nameLatin: 'Utada Hikaru' },
    ]);
    expect(titles(await find('hatsukoi', 'releases'))).toEqual(['初恋']);
    // Inside a word of a script written without spaces.
    expect(names((await find('ヒカル', 'artists')).artists)).toEqual(['宇多田ヒカル']);
    // A release is found by its artists' names too, Latin ones included.
    expect(titles(await find('utada hikaru', 'releases'))).toEqual(['初恋']);
  });

  it('forgives a typo, finds prefixes and matches artist plus title', async () => {
    const radiohead = await createArtist(t.db, { name: 'Radiohead' });
    const tribute = await createArtist(t.db, { name: 'Pickering Strings' });
    await createRelease(t.db, { title: 'OK Computer', artists: [radiohead] });
    await createRelease(t.db, { title: 'Kid A', artists: [radiohead] });
    await createRelease(t.db, { title: 'Kid A Mnesia', artists: [radiohead] });
    await createRelease(t.db, { title: 'OK Computer', artists: [tribute] });

    expect(names((await find('radiohed', 'artists')).artists)).toEqual(['Radiohead']);
    expect(titles(await find('radiohed', 'releases')).sort()).toEqual(
      ['Kid A', 'Kid A Mnesia', 'OK Computer'].sort(),
    );
    expect(titles(await find('kid a', 'releases')).slice(0, 2)).toEqual(['Kid A', 'Kid A Mnesia']);
    expect(names((await find('radioh', 'artists')).artists)).toEqual(['Radiohead']);

    const both = await find('radiohead ok computer', 'releases');
    expect(both.releases!.map((r) => [r.title, r.artists.map((a) => a.name)])).toEqual([
      ['OK Computer', ['Radiohead']],
    ]);
  });

  it('finds words by their starts, with punctuation, and inside a word when few start so', async () => {
    const artist = await createArtist(t.db, { name: 'Velloway' });
    for (const title of ['Theory of Oceans', 'The Ocean', 'Ocean of the Sun', 'Other Coasts']) {
      await createRelease(t.db, { title, artists: [artist] });
    }
    await createRelease(t.db, { title: 'R&B Classics', artists: [artist] });
    await createRelease(t.db, { title: 'Live at the Hall-Marsh', artists: [artist] });

    // 'the' and 'oc' each start a word: 'Other Coasts' only holds them inside words.
    const oc = titles(await find('the oc', 'releases'));
    expect(oc[0]).toBe('The Ocean');
    expect(oc.slice(1, 3).sort()).toEqual(['Ocean of the Sun', 'Theory of Oceans']);
    expect(titles(await find('r&b', 'releases'))).toEqual(['R&B Classics']);
    expect(titles(await find('hall-mar', 'releases'))).toEqual(['Live at the Hall-Marsh']);
    // No word starts with 'elloway': the rows holding it inside a word are found.
    expect(names((await find('elloway', 'artists')).artists)).toEqual(['Velloway']);
    // A query with no letter or digit matches texts that start with it, as short queries do.
    expect((await find('!!!', 'releases')).releases).toEqual([]);
  });

  it('keeps a release findable by its artists as credits and names change', async () => {
    const before = await createArtist(t.db, { name: 'Ostrander' });
    const release = await createRelease(t.db, { title: 'Lanternfish', artists: [before] });
    expect(titles(await find('ostrander lanternfish', 'releases'))).toEqual(['Lanternfish']);

    await t.db.update(artists).set({ name: 'Vantablue' }).where(eq(artists.id, before.id));
    expect(titles(await find('vantablue lanternfish', 'releases'))).toEqual(['Lanternfish']);
    expect((await find('ostrander', 'releases')).releasesCount).toBe(0);

    const guest = await createArtist(t.db, { name: 'Wexcombe' });
    await t.db
      .insert(releaseArtists)
      .values({ releaseId: release.id, artistId: guest.id, position: 1 });
    expect(titles(await find('wexcombe', 'releases'))).toEqual(['Lanternfish']);
    await t.db.delete(releaseArtists).where(eq(releaseArtists.artistId, guest.id));
    expect((await find('wexcombe', 'releases')).releasesCount).toBe(0);
  });

  it('finds users by username and name, but never hidden accounts', async () => {
    const { user } = await createUser(t.db, { username: 'halvorsen', name: 'Tove Lindqvist' });
    await createUser(t.db, { username: 'halvorsen_banned', accountStatus: AccountStatus.BANNED });
    await createUser(t.db, { username: 'halvorsen_gone', accountStatus: AccountStatus.DELETED });
    await createUser(t.db, { username: 'quiet_one', name: 'Halvorsen Fan' });

    const byUsername = await find('halvorsen', 'users');
    expect(byUsername.users!.map((u) => u.username)).toEqual(['halvorsen', 'quiet_one']);
    expect(byUsername.usersCount).toBe(2);
    expect(byUsername.users![0]).toMatchObject({ id: user.id, name: 'Tove Lindqvist' });
    expect(byUsername.users![0]).not.toHaveProperty('email');

    expect((await find('tove lindqvist', 'users')).users!.map((u) => u.username)).toEqual([
      'halvorsen',
    ]);
    await t.db
      .update(users)
      .set({ accountStatus: AccountStatus.BANNED })
      .where(eq(users.id, user.id));
    expect((await find('lindqvist', 'users')).usersCount).toBe(0);
  });

  it('leaves out catalogue things pending deletion or merged away', async () => {
    const kept = await createArtist(t.db, { name: 'Brindlemoor' });
    const merged = await createArtist(t.db, {
      name: 'Brindlemoor Collective',
      mergedIntoId: kept.id,
    });
    await createArtist(t.db, { name: 'Brindlemoor Trio', pendingDeletion: true });
    await createRelease(t.db, { title: 'Brindlemoor Nights', artists: [kept] });
    await createRelease(t.db, {
      title: 'Brindlemoor Days',
      artists: [kept],
      pendingDeletion: true,
    });
    await createLabel(t.db, { name: 'Brindlemoor Records', pendingDeletion: true });
    await createGenre(t.db, { name: 'Brindlemoor Wave', mergedIntoId: merged.id });

    const reply = await find('brindlemoor');
    expect(names(reply.artists)).toEqual(['Brindlemoor']);
    expect(titles(reply)).toEqual(['Brindlemoor Nights']);
    expect(reply.labels).toEqual([]);
    expect(reply.genres).toEqual([]);
    expect(reply.users).toEqual([]);
    expect(reply).toMatchObject({ artistsCount: 1, releasesCount: 1, labelsCount: 0 });
  });

  it('answers every type when none is asked for, and only those asked for otherwise', async () => {
    await createLabel(t.db, { name: 'Gravelpit Tapes' });
    await createGenre(t.db, { name: 'Gravelpit Jazz' });
    const all = await find('gravelpit');
    expect(Object.keys(all).sort()).toEqual(
      SEARCH_TYPES.flatMap((type) => [type, `${type}Count`]).sort(),
    );
    expect(names(all.labels)).toEqual(['Gravelpit Tapes']);
    expect(names(all.genres)).toEqual(['Gravelpit Jazz']);

    const some = await find('gravelpit', 'labels', 'genres', 'labels');
    expect(Object.keys(some).sort()).toEqual(['genres', 'genresCount', 'labels', 'labelsCount']);
  });

  it('pages through the matches and counts them all', async () => {
    const artist = await createArtist(t.db, { name: 'Tessellate' });
    for (let i = 1; i <= 5; i += 1) {
      const r = await createRelease(t.db, { title: `Pagewright ${i}`, artists: [artist] });
      await addRatings(
        t.db,
        r,
        Array.from({ length: i }, () => 70),
      );
    }
    const page = async (query: string) => {
      const res = await get(`q=pagewright&type=releases&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SearchReply>();
    };
    const first = await page('pageSize=2');
    expect(titles(first)).toEqual(['Pagewright 5', 'Pagewright 4']);
    expect(first.releasesCount).toBe(5);
    expect(titles(await page('pageSize=2&page=3'))).toEqual(['Pagewright 1']);
    const past = await page('pageSize=2&page=4');
    expect(past).toEqual({ releases: [], releasesCount: 5 });
    expect((await page('')).releases).toHaveLength(5);
  });

  it('counts a query most of a small catalogue matches as it is, not as a thousand', async () => {
    const artist = await createArtist(t.db, { name: 'Hollowmere' });
    for (let i = 1; i <= 16; i += 1) {
      const r = await createRelease(t.db, { title: `Widespread ${i}`, artists: [artist] });
      await addRatings(t.db, r, [60 + i]);
    }
    // Analysed, the table is known to be small: sixteen of its most rated
    // rows matching say nothing of a thousand.
    await t.db.execute(sql`analyze releases`);
    const res = await get('q=widespread&type=releases&pageSize=5');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SearchReply>().releasesCount).toBe(16);
  });

  it('shows the signed-in viewer their entry on release cards', async () => {
    const { user, password } = await createUser(t.db);
    const cookie = await login(t.app, user.email, password);
    const artist = await createArtist(t.db, { name: 'Harrowgate' });
    const mine = await createRelease(t.db, { title: 'Harrowgate One', artists: [artist] });
    await createRelease(t.db, { title: 'Harrowgate Two', artists: [artist] });
    const entryId = newId();
    await t.db
      .insert(entries)
      .values({ id: entryId, userId: user.id, releaseId: mine.id, rating: 80 });

    const res = await get('q=harrowgate&type=releases', cookie);
    const reply = res.json<SearchReply>();
    const byTitle = Object.fromEntries(reply.releases!.map((r) => [r.title, r.viewerEntry]));
    expect(byTitle['Harrowgate One']).toEqual({
      id: entryId,
      rating: 80,
      hasReview: false,
      hasTrackVotes: false,
    });
    expect(byTitle['Harrowgate Two']).toBeNull();
    const anonymous = (await find('harrowgate', 'releases')).releases!;
    expect(anonymous.every((r) => !('viewerEntry' in r))).toBe(true);
  });

  it('refuses an empty, blank or too long query, an unknown type and a bad page', async () => {
    const message = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ message: string[] | string }>().message;
    };
    expect(await message('q=')).toEqual(['Search query must not be empty']);
    expect(await message('q=%20%20%09')).toEqual(['Search query must not be empty']);
    expect(await message('type=releases')).toEqual(['Search query must not be empty']);
    expect(await message(`q=${'a'.repeat(SEARCH_QUERY_MAX + 1)}`)).toEqual([
      'q must be shorter than or equal to 200 characters',
    ]);
    const oneOf =
      'type must be one of the following values: releases, artists, labels, genres, users';
    expect(await message('q=x&type=albums')).toEqual([oneOf]);
    expect(await message('q=x&type=releases&type=albums')).toEqual([oneOf]);
    expect(await message('q=x&pageSize=51')).toEqual(['pageSize must not be greater than 50']);
    expect(await message('q=x&page=0')).toEqual(['page must not be less than 1']);
  });

  it('is described in the OpenAPI document with its parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, { get?: { parameters?: { name: string }[] } }>;
    }>();
    expect(doc.paths['/api/search']?.get?.parameters?.map((p) => p.name)).toEqual([
      'q',
      'type',
      'page',
      'pageSize',
    ]);
  });
});
