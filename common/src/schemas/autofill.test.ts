import { describe, expect, it } from 'vitest';
import { musicBrainzReleaseId, recogniseAutofillInput, spotifyAlbumId } from './autofill';

const MBID = '2ab1d3b4-5b1c-4d2a-9d27-0c1f6f3e6b11';
const SPOTIFY = '4UjcMSiyv8QCiZ4O8gpzXS';

describe('autofill inputs', () => {
  it('reads MusicBrainz release ids and addresses', () => {
    for (const input of [
      MBID,
      ` ${MBID.toUpperCase()} `,
      `https://musicbrainz.org/release/${MBID}`,
      `musicbrainz.org/release/${MBID}/discids`,
      `https://beta.musicbrainz.org/release/${MBID}?tab=cover`,
    ]) {
      expect(musicBrainzReleaseId(input)).toBe(MBID);
    }
    for (const input of [
      `https://musicbrainz.org/artist/${MBID}`,
      `https://example.com/release/${MBID}`,
      MBID.slice(1),
      '',
    ]) {
      expect(musicBrainzReleaseId(input)).toBeNull();
    }
  });

  it('reads Spotify album ids, addresses and URIs', () => {
    for (const input of [
      SPOTIFY,
      `https://open.spotify.com/album/${SPOTIFY}?si=abc`,
      `https://open.spotify.com/intl-de/album/${SPOTIFY}`,
      `spotify:album:${SPOTIFY}`,
    ]) {
      expect(spotifyAlbumId(input)).toBe(SPOTIFY);
    }
    for (const input of [
      `https://open.spotify.com/track/${SPOTIFY}`,
      `spotify:artist:${SPOTIFY}`,
      SPOTIFY.slice(1),
    ]) {
      expect(spotifyAlbumId(input)).toBeNull();
    }
  });

  it('recognises the service from the input', () => {
    expect(recogniseAutofillInput(MBID)).toEqual({ source: 'musicbrainz', id: MBID });
    expect(recogniseAutofillInput(`spotify:album:${SPOTIFY}`)).toEqual({
      source: 'spotify',
      id: SPOTIFY,
    });
    expect(recogniseAutofillInput('OK Computer')).toBeNull();
  });
});
