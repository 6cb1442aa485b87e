import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  CONTACT_EMAIL,
  ContributorStatus,
  ReleaseType,
  type AutofillRelease,
} from '@earmark/common';
import { call, member, ok, type Member } from '../entries/test-support';
import { AUTOFILLS_PER_HOUR } from './routes';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createArtist, createLabel } from '../../../test/catalogue-factories';
import {
  MB,
  SLOW_MS,
  SPOTIFY,
  fakeUpstreamEnv,
  startFakeUpstream,
  type FakeUpstream,
} from '../../../test/autofill-server';

/**
 * Autofill against a local stand-in for MusicBrainz and Spotify serving
 * recorded answers: the mapping into the release form's terms, matching
 * with Earmark's artists and labels, the errors, the day's cache, the
 * MusicBrainz request spacing and who may ask.
 */
describe('autofill', () => {
  let fake: FakeUpstream;
  let t: TestApp;
  let bare: TestApp;
  let who: Member;

  beforeAll(async () => {
    fake = await startFakeUpstream();
    [t, bare] = await Promise.all([
      buildTestApp({ env: fakeUpstreamEnv(fake) }),
      buildTestApp({ env: fakeUpstreamEnv(fake, false) }),
    ]);
    who = await member(t);
  });
  afterAll(async () => {
    await Promise.all([t?.close(), bare?.close()]);
    await fake?.close();
  });

  const autofill = (source: string, idOrUrl: string, as: Member | null = who, app = t) =>
    call(app, as, 'GET', `/autofill/${source}/${encodeURIComponent(idOrUrl)}`);
  const filled = (source: string, idOrUrl: string) =>
    ok<AutofillRelease>(autofill(source, idOrUrl));

  it('reads a multi-disc album from MusicBrainz, matching artists and labels by name', async () => {
    const artist = await createArtist(t.db, { name: 'The Smashing Pumpkins' });
    // Another of the same name that is pending deletion is never offered.
    await createArtist(t.db, { name: 'the smashing pumpkins', pendingDeletion: true });
    const label = await createLabel(t.db, { name: 'VIRGIN' });

    const release = await filled('musicbrainz', `https://musicbrainz.org/release/${MB.multiDisc}`);
    expect(release).toEqual({
      source: 'musicbrainz',
      sourceId: MB.multiDisc,
      title: 'Mellon Collie and the Infinite Sadness',
      titleLatin: null,
      type: ReleaseType.LP,
      date: '1995-10-23',
      datePrecision: 'day',
      artists: [{ name: 'The Smashing Pumpkins', artistId: artist.id }],
      labels: [{ name: 'Virgin', labelId: label.id }],
      tracks: [
        { track: '1-01', title: 'Mellon Collie and the Infinite Sadness', durationMs: 172000 },
        { track: '1-02', title: 'Tonight, Tonight', durationMs: 254000 },
        { track: '1-03', title: 'Jellybelly', durationMs: 181000 },
        { track: '2-01', title: 'Where Boys Fear to Tread', durationMs: 262000 },
        { track: '2-02', title: 'Bodies', durationMs: null },
      ],
      coverUrl: `${fake.base}/coverart/release/${MB.multiDisc}/front`,
    });
    const [request] = fake.seen(`/ws/2/release/${MB.multiDisc}`);
    expect(request?.url).toContain('inc=artist-credits+labels+recordings+release-groups');
    expect(request?.url).toContain('fmt=json');
    expect(request?.headers['user-agent']).toMatch(/^Earmark\//);
    expect(request?.headers['user-agent']).toContain(CONTACT_EMAIL);
  });

  it('reads a various-artists compilation with a month date and no cover', async () => {
    const release = await filled('musicbrainz', MB.compilation.toUpperCase());
    expect(release).toMatchObject({
      title: 'Kitsuné Maison Compilation 8',
      type: ReleaseType.Compilation,
      date: '2009-11-01',
      datePrecision: 'month',
      artists: [{ name: 'Various Artists' }],
      labels: [{ name: 'Kitsuné' }],
      tracks: [
        { track: '1', title: 'Sympathy', durationMs: 208000 },
        { track: '2', title: 'Heartbeat', durationMs: 189000 },
      ],
      coverUrl: null,
    });
  });

  it('reads a year-only date and keeps printed track numbers of one disc', async () => {
    const release = await filled('musicbrainz', `musicbrainz.org/release/${MB.yearOnly}?tab=x`);
    expect(release).toMatchObject({
      date: '1968-01-01',
      datePrecision: 'year',
      tracks: [
        { track: 'A1', title: 'White Light/White Heat', durationMs: 167000 },
        { track: 'B1', title: 'Sister Ray', durationMs: 1049000 },
      ],
    });
  });

  it('gives a non-Latin title the Latin title of its transliteration', async () => {
    const release = await filled('musicbrainz', MB.nonLatin);
    expect(release.title).toBe('無罪モラトリアム');
    expect(release.titleLatin).toBe('Muzai Moratorium');
    expect(release.artists).toEqual([{ name: '椎名林檎' }]);
    expect(release.labels).toEqual([{ name: '東芝EMI' }]);
  });

  it('answers from the cache for a day: a second call does not reach MusicBrainz', async () => {
    const before = fake.seen(`/ws/2/release/${MB.nonLatin}`).length;
    const again = await filled('musicbrainz', `https://musicbrainz.org/release/${MB.nonLatin}`);
    expect(again.titleLatin).toBe('Muzai Moratorium');
    expect(fake.seen(`/ws/2/release/${MB.nonLatin}`)).toHaveLength(before);
  });

  it('matches an artist created since a cached answer', async () => {
    const artist = await createArtist(t.db, { name: '椎名林檎' });
    const release = await filled('musicbrainz', MB.nonLatin);
    expect(release.artists).toEqual([{ name: '椎名林檎', artistId: artist.id }]);
  });

  it('asks MusicBrainz at most once a second', async () => {
    const start = fake.requests.length;
    const startedAt = Date.now();
    await Promise.all([autofill('musicbrainz', MB.unknown), autofill('musicbrainz', MB.busy)]);
    const times = fake.requests.slice(start).map((r) => r.at);
    expect(times).toHaveLength(2);
    // The second call's turn comes a whole second after the first's, however late either arrives.
    expect(Math.max(...times) - startedAt).toBeGreaterThanOrEqual(990);
  });

  it('answers 404 for an unknown release and 502 when MusicBrainz fails or is slow', async () => {
    const unknown = await autofill('musicbrainz', MB.unknown);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('MusicBrainz has no release with this id');

    const busy = await autofill('musicbrainz', MB.busy);
    expect(busy.statusCode).toBe(502);
    expect(busy.json().message).toMatch(/MusicBrainz answered with an error \(503\)/);

    const started = Date.now();
    const slow = await autofill('musicbrainz', MB.slow);
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toMatch(/MusicBrainz did not answer in time/);
    expect(Date.now() - started).toBeLessThan(SLOW_MS + 1000);
  });

  it('refuses what is not a release id or address with 400', async () => {
    for (const input of ['not-an-id', 'https://example.com/release/' + MB.multiDisc]) {
      const res = await autofill('musicbrainz', input);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/MusicBrainz release id/);
    }
    const spotify = await autofill('spotify', MB.multiDisc);
    expect(spotify.statusCode).toBe(400);
    expect(spotify.json().message).toMatch(/Spotify album id/);
  });

  it('reads a multi-disc Spotify album across its track pages with one token', async () => {
    const label = await createLabel(t.db, { name: 'Virgin Records' });
    const release = await filled(
      'spotify',
      `https://open.spotify.com/album/${SPOTIFY.multiDisc}?si=abc`,
    );
    expect(release).toMatchObject({
      source: 'spotify',
      sourceId: SPOTIFY.multiDisc,
      title: 'Mellon Collie And The Infinite Sadness (Deluxe Edition)',
      titleLatin: null,
      type: ReleaseType.LP,
      date: '2012-12-04',
      datePrecision: 'day',
      labels: [{ name: 'Virgin Records', labelId: label.id }],
      coverUrl: 'https://i.scdn.co/image/mellon-640',
    });
    expect(release.tracks.map((x) => x.track)).toEqual(['1-01', '1-02', '2-01', '2-02']);
    expect(release.tracks[3]).toEqual({
      track: '2-02',
      title: 'Bodies - Remastered 2012',
      durationMs: 252706,
    });

    const compilation = await filled('spotify', `spotify:album:${SPOTIFY.compilation}`);
    expect(compilation).toMatchObject({
      type: ReleaseType.Compilation,
      date: '2009-01-01',
      datePrecision: 'year',
      artists: [{ name: 'Various Artists' }],
      coverUrl: null,
    });
    expect(fake.seen('/api/token')).toHaveLength(1);

    const unknown = await autofill('spotify', SPOTIFY.unknown);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 503 for Spotify when it is not configured', async () => {
    const someone = await member(bare);
    const res = await autofill('spotify', SPOTIFY.multiDisc, someone, bare);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Spotify autofill is not configured');
  });

  it('limits each account to AUTOFILLS_PER_HOUR calls an hour', async () => {
    const busy = await member(t);
    for (let i = 0; i < AUTOFILLS_PER_HOUR; i++) {
      expect((await autofill('musicbrainz', MB.multiDisc, busy)).statusCode).toBe(200);
    }
    expect((await autofill('musicbrainz', MB.multiDisc, busy)).statusCode).toBe(429);
    // Another account is not held back.
    expect((await autofill('musicbrainz', MB.multiDisc)).statusCode).toBe(200);
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/autofill/musicbrainz/{idOrUrl}',
        '/api/autofill/spotify/{idOrUrl}',
      ]),
    );
  });

  it('is for signed-in, confirmed contributors only', async () => {
    expect((await autofill('musicbrainz', MB.multiDisc, null)).statusCode).toBe(401);
    const outsider = await member(t, { contributorStatus: ContributorStatus.NOT_A_CONTRIBUTOR });
    expect((await autofill('musicbrainz', MB.multiDisc, outsider)).statusCode).toBe(403);
    const unconfirmed = await member(t, { accountStatus: AccountStatus.NOT_CONFIRMED });
    expect((await autofill('musicbrainz', MB.multiDisc, unconfirmed)).statusCode).toBe(403);
  });
});
