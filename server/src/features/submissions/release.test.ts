import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IMAGE_TYPE_MESSAGE,
  ReleaseType,
  SubmissionStatus,
  type HistoryPage,
  type Release,
  type SubmissionCard,
  type SubmissionCreated,
} from '@earmark/common';
import { languages, releases, tracks } from '../../db/schema/catalogue';
import { mediaDir } from '../../lib/media';
import { call, expectCountersConsistent, ok, type Member } from '../entries/test-support';
import { TEST_ORIGIN, buildTestApp, type TestApp } from '../../../test/helpers';
import { capturingStatements } from '../../../test/plans';
import { createArtist, createLabel, createRelease } from '../../../test/catalogue-factories';
import { rowsOf } from '../../db/rows';
import { contributor, editor, submitAs, trustedMembers, voteAs, votesOf } from './test-support';

/** A multipart body of the JSON part `data` and, optionally, a file part. */
function form(
  data: object,
  file?: { bytes: Buffer; field?: string; name?: string; type?: string },
) {
  const boundary = `----earmark${Date.now()}`;
  const parts: Buffer[] = [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${JSON.stringify(data)}\r\n`,
    ),
  ];
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.name ?? 'cover.png'}"\r\n` +
          `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();

describe('contributions: releases', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.db
      .insert(languages)
      .values([
        { id: 'eng', iso6391: 'en', name: 'English' },
        { id: 'fra', iso6391: 'fr', name: 'French' },
        { id: 'jpn', iso6391: 'ja', name: 'Japanese' },
      ])
      .onConflictDoNothing();
  });
  afterAll(async () => t?.close());

  const postForm = (who: Member, url: string, body: ReturnType<typeof form>) =>
    t.app.inject({
      method: 'POST',
      url: `/api${url}`,
      headers: { origin: TEST_ORIGIN, cookie: who.cookie, 'content-type': body.contentType },
      payload: body.payload,
    });

  it('creates a release with its credits, languages, tracks and a year-only date', async () => {
    const who = await contributor(t);
    const [a, b] = [await createArtist(t.db), await createArtist(t.db)];
    const label = await createLabel(t.db);
    const made = await submitAs(t, who, 'release', {
      title: 'Emperor Tomato Ketchup',
      type: ReleaseType.LP,
      artistsIds: [b.id, a.id],
      labelsIds: [label.id],
      languagesIds: ['fra', 'eng'],
      date: '1996-03-18',
      datePrecision: 'year',
      explicitCoverArt: ['NUDITY'],
      tracks: [
        { track: '1', title: 'Metronomic Underground', durationMs: 456_000 },
        { track: '2', title: 'Cybele’s Reverie' },
      ],
      note: 'Missing album',
    });
    expect(made.submissionStatus).toBe(SubmissionStatus.AUTO_APPROVED);
    expect(made.releaseId).toBe(made.entityId);
    expect(made.changes).toMatchObject({
      date: '1996-01-01',
      datePrecision: 'year',
      artists: [
        { id: b.id, name: b.name },
        { id: a.id, name: a.name },
      ],
      labels: [{ id: label.id, name: label.name }],
      languages: [
        { id: 'fra', name: 'French' },
        { id: 'eng', name: 'English' },
      ],
      cover: null,
    });
    const release = await ok<Release>(call(t, null, 'GET', `/releases/${made.entityId}`));
    expect(release).toMatchObject({
      title: 'Emperor Tomato Ketchup',
      date: '1996-01-01',
      datePrecision: 'year',
      artists: [{ id: b.id }, { id: a.id }],
      labels: [{ id: label.id }],
      explicitCoverArt: ['NUDITY'],
    });
    expect(release.languages.map((l) => l.id).sort()).toEqual(['eng', 'fra']);
    expect(release.tracks.map((tr) => [tr.track, tr.title, tr.durationMs, tr.order])).toEqual([
      ['1', 'Metronomic Underground', 456_000, 0],
      ['2', 'Cybele’s Reverie', null, 1],
    ]);
    const [row] = await t.db.select().from(releases).where(eq(releases.id, made.entityId));
    expect(row?.createdById).toBe(who.user.id);
    // Kept searchable by the search triggers: the title and the credited artists' names.
    expect(row?.searchText).toContain('emperor tomato ketchup');
    expect(row?.searchText).toContain(a.name.toLowerCase());
  });

  it('applies an edit: tracks kept by id with their votes, added and removed; credits; languages', async () => {
    const [a, b, c] = [
      await createArtist(t.db),
      await createArtist(t.db),
      await createArtist(t.db),
    ];
    const [l1, l2] = [await createLabel(t.db), await createLabel(t.db)];
    const release = await createRelease(t.db, {
      artists: [a, b],
      labels: [l1],
      languageIds: ['eng'],
      tracks: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }],
    });
    const before = await t.db
      .select()
      .from(tracks)
      .where(eq(tracks.releaseId, release.id))
      .orderBy(tracks.order);
    const [one, two, three] = before as [
      (typeof before)[0],
      (typeof before)[0],
      (typeof before)[0],
    ];
    const fan = await contributor(t);
    await ok(call(t, fan, 'POST', `/entries/track/${release.id}/${one.id}`, { vote: 1 }));
    await ok(call(t, fan, 'POST', `/entries/track/${release.id}/${two.id}`, { vote: -1 }));

    const edit = await submitAs(
      t,
      await editor(t),
      'release',
      {
        title: 'Renamed',
        type: ReleaseType.EP,
        artistsIds: [c.id, a.id],
        labelsIds: [l2.id],
        languagesIds: ['jpn'],
        date: '2001-07-15',
        datePrecision: 'month',
        tracks: [
          { id: three.id, track: 'A1', title: 'Three first' },
          { id: one.id, track: 'A2', title: 'One renamed', durationMs: 1000 },
          { track: 'B1', title: 'Brand new' },
          { id: 'not-of-this-release', track: 'B2', title: 'Also new' },
        ],
        note: 'Fixed from the sleeve',
      },
      release.id,
    );
    expect(edit.submissionStatus).toBe(SubmissionStatus.APPROVED);
    expect(edit.original).toMatchObject({
      title: release.title,
      tracks: [{ id: one.id }, { id: two.id }, { id: three.id }],
    });

    const page = await ok<Release>(call(t, null, 'GET', `/releases/${release.id}`));
    expect(page).toMatchObject({
      title: 'Renamed',
      type: ReleaseType.EP,
      date: '2001-07-01',
      datePrecision: 'month',
      artists: [{ id: c.id }, { id: a.id }],
      labels: [{ id: l2.id }],
      languages: [{ id: 'jpn' }],
    });
    expect(page.tracks.map((tr) => [tr.track, tr.title, tr.order])).toEqual([
      ['A1', 'Three first', 0],
      ['A2', 'One renamed', 1],
      ['B1', 'Brand new', 2],
      ['B2', 'Also new', 3],
    ]);
    expect(page.tracks[0]!.id).toBe(three.id);
    expect(page.tracks[1]).toMatchObject({ id: one.id, upvotes: 1, durationMs: 1000 });
    expect(page.tracks.map((tr) => tr.id)).not.toContain(two.id);
    expect(page.tracks[3]!.id).not.toBe('not-of-this-release');
    await expectCountersConsistent(t);

    // History: newest first, each with its diff.
    const history = await ok<HistoryPage>(call(t, null, 'GET', `/history/release/${release.id}`));
    expect(history.entity).toEqual({ id: release.id, name: 'Renamed' });
    expect(history.changes.map((ch) => ch.id)).toEqual([edit.id]);
    const diff = history.changes[0]!.diff;
    expect(diff).toContainEqual(
      expect.objectContaining({
        kind: 'text',
        field: 'title',
        before: release.title,
        after: 'Renamed',
      }),
    );
    expect(diff).toContainEqual(
      expect.objectContaining({
        kind: 'set',
        field: 'artists',
        added: [c.name],
        removed: [b.name],
      }),
    );
    const trackDiff = diff.find((d) => d.kind === 'tracks');
    expect(trackDiff).toMatchObject({
      added: [
        { track: 'B1', title: 'Brand new' },
        { track: 'B2', title: 'Also new' },
      ],
      removed: [{ title: 'Two' }],
      renamed: [
        { before: 'Three', after: 'Three first' },
        { before: 'One', after: 'One renamed' },
      ],
    });
    const second = await submitAs(
      t,
      await editor(t),
      'release',
      { title: 'Renamed again', type: ReleaseType.EP, artistsIds: [c.id], note: 'Again' },
      release.id,
    );
    const again = await ok<HistoryPage>(call(t, null, 'GET', `/history/release/${release.id}`));
    expect(again.changes.map((ch) => ch.id)).toEqual([second.id, edit.id]);
    expect(again.totalItems).toBe(2);
    expect(again.changes[0]!.diff).toContainEqual(
      expect.objectContaining({ field: 'title', before: 'Renamed', after: 'Renamed again' }),
    );
    // Fields left out of an edit keep their values.
    expect(again.changes[0]!.changes).toMatchObject({
      labels: [{ id: l2.id }],
      date: '2001-07-01',
    });
    expect((await call(t, null, 'GET', '/history/release/unknown')).statusCode).toBe(404);
  });

  it('rewrites only the parts of a release an edit changes', async () => {
    const [a, b] = [await createArtist(t.db), await createArtist(t.db)];
    const label = await createLabel(t.db);
    const release = await createRelease(t.db, {
      artists: [a, b],
      labels: [label],
      languageIds: ['eng', 'fra'],
      tracks: [{ title: 'One' }, { title: 'Two' }, { title: 'Three' }],
    });
    // The transaction that last wrote each row of the release's parts.
    const writers = async () => {
      const rows = await rowsOf(
        t.db,
        sql`select 'artist' as part, artist_id as id, xmin::text from release_artists
          where release_id = ${release.id}
        union all select 'label', label_id, xmin::text from release_labels
          where release_id = ${release.id}
        union all select 'language', language_id, xmin::text from release_languages
          where release_id = ${release.id}
        union all select 'track', id, xmin::text from tracks where release_id = ${release.id}`,
      );
      return new Map(rows.map((r) => [`${String(r.part)} ${String(r.id)}`, String(r.xmin)]));
    };
    const stored = await t.db
      .select()
      .from(tracks)
      .where(eq(tracks.releaseId, release.id))
      .orderBy(tracks.order);
    const asTrack = (tr: (typeof stored)[0]) => ({
      id: tr.id,
      track: tr.track,
      title: tr.title,
      ...(tr.durationMs === null ? {} : { durationMs: tr.durationMs }),
    });
    const first = await writers();
    const who = await editor(t);

    // The languages in another order, the same tracks: only the title changes.
    await submitAs(
      t,
      who,
      'release',
      {
        title: 'Only the title',
        type: release.type,
        artistsIds: [a.id, b.id],
        languagesIds: ['fra', 'eng'],
        tracks: stored.map(asTrack),
        note: 'Title',
      },
      release.id,
    );
    const second = await writers();
    expect(second).toEqual(first);

    // Tracks numbered from 1, as an import might have stored them.
    await t.db.execute(
      sql`update tracks set "order" = "order" + 1 where release_id = ${release.id}`,
    );

    // The middle track removed and the artists swapped: those are rewritten, the rest kept.
    await submitAs(
      t,
      who,
      'release',
      {
        title: 'Only the title',
        type: release.type,
        artistsIds: [b.id, a.id],
        tracks: [stored[0]!, stored[2]!].map(asTrack),
        note: 'Two tracks',
      },
      release.id,
    );
    const third = await writers();
    expect(third.get(`label ${label.id}`)).toBe(first.get(`label ${label.id}`));
    expect(third.get(`language eng`)).toBe(first.get(`language eng`));
    expect(third.get(`artist ${a.id}`)).not.toBe(first.get(`artist ${a.id}`));
    expect(third.has(`track ${stored[1]!.id}`)).toBe(false);
    const page = await ok<Release>(call(t, null, 'GET', `/releases/${release.id}`));
    expect(page.artists.map((x) => x.id)).toEqual([b.id, a.id]);
    expect(page.labels.map((x) => x.id)).toEqual([label.id]);
    expect(page.languages.map((x) => x.id).sort()).toEqual(['eng', 'fra']);
    expect(page.tracks.map((tr) => [tr.id, tr.order])).toEqual([
      [stored[0]!.id, 0],
      [stored[2]!.id, 1],
    ]);
  });

  it('proposes an edit and takes a vote in few statements, answering cards read in one', async () => {
    const a = await createArtist(t.db);
    const label = await createLabel(t.db);
    const release = await createRelease(t.db, {
      artists: [a],
      labels: [label],
      languageIds: ['eng', 'fra'],
      tracks: [
        { title: 'One', durationMs: 61_000 },
        { title: 'Two', durationMs: 200_000 },
      ],
    });
    const [who, voter] = [await contributor(t), (await trustedMembers(t, 1))[0]!];
    const edit = {
      title: 'Counted',
      type: release.type,
      artistsIds: [a.id],
      labelsIds: [label.id],
      languagesIds: ['eng', 'fra'],
      note: 'Title',
    };
    // Begin and commit are seen on PostgreSQL's driver only: not counted.
    const counted = async (fn: () => Promise<unknown>) =>
      (await capturingStatements(t, fn)).filter((s) => !/^(begin|commit)$/.test(s.query));
    let made: SubmissionCreated | undefined;
    const proposing = await counted(async () => {
      made = await submitAs(t, who, 'release', edit, release.id);
    });
    // The session; the release with its credits, languages and tracks; the
    // artists, labels and languages named; the submission. The card is the
    // inserted row's: nothing is read after the commit.
    expect(proposing).toHaveLength(6);
    expect(made!.original).toEqual({
      title: release.title,
      titleLatin: null,
      type: release.type,
      date: release.date,
      datePrecision: release.date ? 'day' : null,
      artists: [{ id: a.id, name: a.name }],
      labels: [{ id: label.id, name: label.name }],
      languages: [
        { id: 'eng', iso6391: 'en', name: 'English' },
        { id: 'fra', iso6391: 'fr', name: 'French' },
      ],
      explicitCoverArt: [],
      cover: null,
      tracks: [
        { id: expect.any(String), track: '1', title: 'One', durationMs: 61_000 },
        { id: expect.any(String), track: '2', title: 'Two', durationMs: 200_000 },
      ],
    });
    expect(made).toMatchObject({ submissionStatus: SubmissionStatus.OPEN, votes: [] });

    let card: SubmissionCard | undefined;
    const voting = await counted(async () => {
      card = await ok<SubmissionCard>(voteAs(t, voter, 'release', made!.id, 1));
    });
    // The session; the locked submission; the vote with the counters; the card with its votes.
    expect(voting).toHaveLength(4);
    expect(card!.votes).toEqual([
      { userId: voter.user.id, user: expect.objectContaining({ id: voter.user.id }), type: 1 },
    ]);
  });

  it('drops the cached pages an applied change shows, after the votes approve it', async () => {
    const artist = await createArtist(t.db, { name: 'Cached artist' });
    const release = await createRelease(t.db, { title: 'Cached title', artists: [artist] });
    const read = async () =>
      (await ok<Release>(call(t, null, 'GET', `/releases/${release.id}`))).title;
    expect(await read()).toBe('Cached title');
    // Written behind the cache's back: the cached page still shows the old title.
    await t.db.update(releases).set({ title: 'Unseen' }).where(eq(releases.id, release.id));
    expect(await read()).toBe('Cached title');
    const open = await submitAs(
      t,
      await contributor(t),
      'release',
      { title: 'Fresh title', type: ReleaseType.LP, artistsIds: [artist.id], note: 'Typo' },
      release.id,
    );
    expect(await read()).toBe('Cached title');
    await votesOf(t, await trustedMembers(t, 3), 'release', open.id, 1);
    expect(await read()).toBe('Fresh title');

    const artistPage = async () =>
      (await ok<{ name: string }>(call(t, null, 'GET', `/artists/${artist.id}`))).name;
    expect(await artistPage()).toBe('Cached artist');
    await submitAs(t, await editor(t), 'artist', { name: 'Renamed artist', note: 'x' }, artist.id);
    expect(await artistPage()).toBe('Renamed artist');
    const credits = await ok<Release>(call(t, null, 'GET', `/releases/${release.id}`));
    expect(credits.artists[0]!.name).toBe('Renamed artist');
  });

  it('creates a release from a multipart body with an uploaded cover', async () => {
    const who = await contributor(t);
    const artist = await createArtist(t.db);
    const res = await postForm(
      who,
      '/submissions/releases',
      form(
        { title: 'With cover', type: ReleaseType.LP, artistsIds: [artist.id], note: 'Scan' },
        { bytes: await png() },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<SubmissionCreated>();
    const cover = (made.changes as { cover: Record<string, string> }).cover;
    expect(Object.keys(cover).sort()).toEqual(['lg', 'md', 'og', 'sm']);
    const release = await ok<Release>(call(t, null, 'GET', `/releases/${made.entityId}`));
    expect(release.cover).toEqual(cover);
    for (const url of Object.values(cover)) {
      const file = path.join(mediaDir(t.config.dataDir, 'covers'), path.basename(url));
      await expect(fs.stat(file)).resolves.toBeTruthy();
    }
    // The same as JSON, without a file, works too; the JSON rules apply to the part.
    const plain = await postForm(
      who,
      '/submissions/releases',
      form({ title: 'No cover', type: ReleaseType.LP, artistsIds: [artist.id], note: 'x' }),
    );
    expect(plain.statusCode).toBe(201);
    const invalid = await postForm(
      who,
      '/submissions/releases',
      form({ title: '', type: ReleaseType.LP, artistsIds: [artist.id], note: 'x' }),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toEqual(['title must be longer than or equal to 1 characters']);
  });

  it('refuses an upload that is not an image', async () => {
    const who = await contributor(t);
    const artist = await createArtist(t.db);
    const res = await postForm(
      who,
      '/submissions/releases',
      form(
        { title: 'Fake cover', type: ReleaseType.LP, artistsIds: [artist.id], note: 'x' },
        { bytes: Buffer.from('not an image at all'), name: 'cover.png' },
      ),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_TYPE_MESSAGE);
    const wrongField = await postForm(
      who,
      '/submissions/releases',
      form(
        { title: 'Fake cover', type: ReleaseType.LP, artistsIds: [artist.id], note: 'x' },
        { bytes: await png(), field: 'picture' },
      ),
    );
    expect(wrongField.statusCode).toBe(400);
  });
});
