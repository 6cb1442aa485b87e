import { z } from 'zod';
import { ReleaseType } from '../enums';
import { DATE_PRECISIONS } from './catalogue';

/**
 * Shapes of `GET autofill/musicbrainz/{id}` and `GET autofill/spotify/{id}`:
 * a release read from MusicBrainz or Spotify, in the form's own terms, for
 * the Add Release form to be filled with. Nothing is stored by the call.
 */

export const AUTOFILL_SOURCES = ['musicbrainz', 'spotify'] as const;
export type AutofillSource = (typeof AUTOFILL_SOURCES)[number];

export const autofillSourceLabels: Record<AutofillSource, string> = {
  musicbrainz: 'MusicBrainz',
  spotify: 'Spotify',
};

/** The longest id or address the calls read. */
export const AUTOFILL_INPUT_MAX_LENGTH = 500;

const MBID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const MBID_ONLY = new RegExp(`^${MBID.source}$`, 'i');
const MUSICBRAINZ_RELEASE_URL = new RegExp(
  `^(?:https?://)?(?:[a-z]+\\.)?musicbrainz\\.org/release/(${MBID.source})(?:[/?#].*)?$`,
  'i',
);
const SPOTIFY_ID_ONLY = /^[0-9A-Za-z]{22}$/;
const SPOTIFY_ALBUM_URL =
  /^(?:https?:\/\/)?open\.spotify\.com\/(?:intl-[a-z-]+\/)?album\/([0-9A-Za-z]{22})(?:[/?#].*)?$/i;
const SPOTIFY_ALBUM_URI = /^spotify:album:([0-9A-Za-z]{22})$/;

/** A MusicBrainz release id (lower-case UUID) from a bare id or a release page address; null otherwise. */
export function musicBrainzReleaseId(input: string): string | null {
  const value = input.trim();
  if (MBID_ONLY.test(value)) return value.toLowerCase();
  const match = MUSICBRAINZ_RELEASE_URL.exec(value);
  return match?.[1] ? match[1].toLowerCase() : null;
}

/** A Spotify album id from a bare id, an open.spotify.com album address or a spotify:album: URI; null otherwise. */
export function spotifyAlbumId(input: string): string | null {
  const value = input.trim();
  if (SPOTIFY_ID_ONLY.test(value)) return value;
  const match = SPOTIFY_ALBUM_URL.exec(value) ?? SPOTIFY_ALBUM_URI.exec(value);
  return match?.[1] ?? null;
}

/** Which service an id or address belongs to, and its id there; null when neither reads it. */
export function recogniseAutofillInput(
  input: string,
): { source: AutofillSource; id: string } | null {
  const mbid = musicBrainzReleaseId(input);
  if (mbid) return { source: 'musicbrainz', id: mbid };
  const spotify = spotifyAlbumId(input);
  if (spotify) return { source: 'spotify', id: spotify };
  return null;
}

export const autofillParamsSchema = z.object({
  idOrUrl: z.string().min(1).max(AUTOFILL_INPUT_MAX_LENGTH),
});

/** An artist or label as the service names it, with the Earmark one of that name when there is one. */
export const autofillArtistSchema = z.object({
  name: z.string(),
  artistId: z.string().optional(),
});
export type AutofillArtist = z.infer<typeof autofillArtistSchema>;

export const autofillLabelSchema = z.object({
  name: z.string(),
  labelId: z.string().optional(),
});
export type AutofillLabel = z.infer<typeof autofillLabelSchema>;

export const autofillTrackSchema = z.object({
  /** '1', '2'... on one disc; '1-01', '2-01'... when the release has several. */
  track: z.string(),
  title: z.string(),
  durationMs: z.number().int().nullable(),
});
export type AutofillTrack = z.infer<typeof autofillTrackSchema>;

export const autofillReleaseSchema = z.object({
  source: z.enum(AUTOFILL_SOURCES),
  /** The release's id at the source. */
  sourceId: z.string(),
  title: z.string(),
  /** Only when the title has non-Latin letters and the source gives a Latin form of it. */
  titleLatin: z.string().nullable(),
  type: z.enum(ReleaseType),
  /** The earliest day it could have come out ('YYYY-MM-DD'), read with datePrecision. */
  date: z.string().nullable(),
  datePrecision: z.enum(DATE_PRECISIONS).nullable(),
  artists: z.array(autofillArtistSchema),
  labels: z.array(autofillLabelSchema),
  tracks: z.array(autofillTrackSchema),
  /** Where the front cover can be fetched: for the form's image address, fetched on submit. */
  coverUrl: z.string().nullable(),
});
export type AutofillRelease = z.infer<typeof autofillReleaseSchema>;
