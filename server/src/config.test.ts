import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('runs the daily jobs outside tests unless DAILY_JOBS says otherwise', () => {
    expect(loadConfig({}).dailyJobs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).dailyJobs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).dailyJobs).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', DAILY_JOBS: 'true' }).dailyJobs).toBe(true);
    expect(loadConfig({ DAILY_JOBS: 'false' }).dailyJobs).toBe(false);
    expect(loadConfig({ DAILY_JOBS: '' }).dailyJobs).toBe(true);
    expect(() => loadConfig({ DAILY_JOBS: 'sometimes' })).toThrow(/DAILY_JOBS/);
  });

  it('keeps a page in the read cache after its second read outside tests, unless told', () => {
    expect(loadConfig({}).readCacheKeepAfter).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test' }).readCacheKeepAfter).toBe(1);
    expect(loadConfig({ READ_CACHE_KEEP_AFTER: '1' }).readCacheKeepAfter).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', READ_CACHE_KEEP_AFTER: '2' }).readCacheKeepAfter).toBe(2);
    expect(() => loadConfig({ READ_CACHE_KEEP_AFTER: '3' })).toThrow(/READ_CACHE_KEEP_AFTER/);
  });

  it('reads the cover URL allow-list as lower-case host names', () => {
    expect(loadConfig({}).imageUrlAllowHosts).toEqual([]);
    expect(
      loadConfig({ IMAGE_URL_ALLOW_HOSTS: ' 127.0.0.1, Covers.Local ,' }).imageUrlAllowHosts,
    ).toEqual(['127.0.0.1', 'covers.local']);
  });

  it('reads the autofill services, with Spotify only when both credentials are set', () => {
    expect(loadConfig({}).autofill).toEqual({
      musicBrainzUrl: 'https://musicbrainz.org',
      coverArtUrl: 'https://coverartarchive.org',
      spotifyApiUrl: 'https://api.spotify.com',
      spotifyAccountsUrl: 'https://accounts.spotify.com',
      spotifyCredentials: null,
      timeoutMs: 5000,
    });
    const set = loadConfig({
      MUSICBRAINZ_URL: 'http://127.0.0.1:8080/',
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
    }).autofill;
    expect(set.musicBrainzUrl).toBe('http://127.0.0.1:8080');
    expect(set.spotifyCredentials).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(loadConfig({ SPOTIFY_CLIENT_ID: 'id' }).autofill.spotifyCredentials).toBeNull();
    expect(() => loadConfig({ COVERART_URL: 'not a url' })).toThrow(/COVERART_URL/);
  });
});
