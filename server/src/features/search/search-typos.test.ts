import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, searchReplySchema, type SearchReply } from '@earmark/common';
import { artists } from '../../db/schema/catalogue';
import { users } from '../../db/schema/users';
import { createArtist, createRelease } from '../../../test/catalogue-factories';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers';
import { rowsOf } from '../../db/rows';
import { Vocabulary } from './vocabulary';

describe('search: mistyped words', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function find(q: string, type: string): Promise<SearchReply> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/search?${new URLSearchParams({ q, type })}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return searchReplySchema.parse(res.json());
  }
  const titles = async (q: string) => (await find(q, 'releases')).releases!.map((r) => r.title);
  const artistNames = async (q: string) => (await find(q, 'artists')).artists!.map((a) => a.name);

  it('reads a word no text holds as the word it is a typo away from', async () => {
    const artist = await createArtist(t.db, { name: 'Quorndale' });
    await createRelease(t.db, { title: 'Shadow Play', artists: [artist] });
    await createRelease(t.db, { title: 'Electric Animals', artists: [artist] });
    await createRelease(t.db, { title: 'Electric Anthems', artists: [artist] });

    // Two letters swapped in a short word: too few trigrams in common to match by similarity.
    expect(await titles('sahdow')).toEqual(['Shadow Play']);
    // A letter replaced in the middle of a word, after a word typed right.
    expect(await titles('electric anirals')).toEqual(['Electric Animals']);
    // Read as corrected, it ranks as typed right: the title itself first.
    expect(await titles('electric animls')).toEqual(['Electric Animals']);
    // The last word may be unfinished: it reads as the start closest to it.
    expect(await titles('electric aniam')).toEqual(['Electric Animals']);
    // Two typos (two swaps) in a word of eight characters or more.
    expect(await artistNames('quornadel')).toEqual(['Quorndale']);
  });

  it('keeps up with names as they are added and changed', async () => {
    const artist = await createArtist(t.db, { name: 'Halbertsen' });
    expect(await artistNames('halbretsen')).toEqual(['Halbertsen']);
    await t.db.update(artists).set({ name: 'Wyndermoor' }).where(eq(artists.id, artist.id));
    expect(await artistNames('wyndremoor')).toEqual(['Wyndermoor']);
    // A release's text changes with its artist's name, the release's own row untouched.
    await createRelease(t.db, { title: 'Lanterns', artists: [artist] });
    await t.db.update(artists).set({ name: 'Pellucidar' }).where(eq(artists.id, artist.id));
    expect(await titles('lanterns pelucidar')).toEqual(['Lanterns']);

    const { user } = await createUser(t.db, { username: 'marguerite_o', name: 'Marguerite' });
    await t.db.update(users).set({ name: 'Ottoline Brisk' }).where(eq(users.id, user.id));
    const found = await find('ottolien', 'users');
    expect(found.users!.map((u) => u.username)).toEqual(['marguerite_o']);
  });

  it('never shows a hidden account through a corrected word', async () => {
    await createUser(t.db, {
      username: 'zephyrine',
      name: 'Zephyrine Vault',
      accountStatus: AccountStatus.BANNED,
    });
    const reply = await find('zephyirne', 'users');
    expect(reply).toEqual({ users: [], usersCount: 0 });
  });

  it('reads a word only as one some visible text holds now', async () => {
    const artist = await createArtist(t.db, { name: 'Thistledown' });
    expect(await artistNames('thsitledown')).toEqual(['Thistledown']);
    await t.db.update(artists).set({ name: 'Brambleweed' }).where(eq(artists.id, artist.id));
    expect(await artistNames('thsitledown')).toEqual([]);
    expect(await artistNames('bramblewede')).toEqual(['Brambleweed']);
  });

  it('hands over the words most like the typed one, as pg_trgm measures them', async () => {
    const words = [
      'shadow',
      'shadows',
      'shallow',
      'meadow',
      'sahara',
      'window',
      'radiohead',
      'radio',
      'head',
      'ahead',
      'animals',
      'animal',
      'anime',
      'r&b',
      'hall-marsh',
      'marsh',
      'marshall',
      'utada',
      'hikaru',
      '宇多田ヒカル',
      'björk',
      'bjork',
      'sigur',
      'satellite',
      'satellites',
      'sate',
      'tell',
      'lite',
      'elite',
      'a',
      'ab',
      'abc',
      'winter',
      'winters',
      'printer',
      // More words like 'shadowz' than are handed over: the most similar are kept.
      ...[...'abcdefghijklmnopqrstuvwx'].map((letter) => `shadow${letter}`),
      ...[...'abcdefgh'].map((letter) => `${letter}shadow`),
    ];
    const vocabulary = new Vocabulary();
    vocabulary.count(words.join(' '), 1);
    for (const typed of [
      'sahdow',
      'radiohed',
      'anirals',
      'satelite',
      'wintre',
      'marhs',
      'ヒカル',
      'xyz',
      'shadowz',
      'shadowzz',
    ]) {
      const rows = await rowsOf<{ word: string }>(
        t.db,
        sql`select w as word from unnest(${sql.param(words)}::text[]) w
          where similarity(w, ${typed}) >= 0.2
          order by similarity(w, ${typed}) desc, w collate "C" limit 20`,
      );
      expect(vocabulary.readings(typed), typed).toEqual(rows.map((r) => r.word));
      if (typed.startsWith('shadowz')) expect(rows).toHaveLength(20);
    }
    // A word no text holds any more is forgotten.
    vocabulary.count('shadow shadows', -1);
    expect(vocabulary.readings('sahdow')).not.toContain('shadow');
  });
});
