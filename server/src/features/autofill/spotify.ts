import { RELEASE_TRACKS_MAX, ReleaseType } from '@earmark/common';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { badGateway, upstreamJson } from './upstream';
import { distinctNames, partialDate, trackNumber, type SourceRelease } from './source-release';

/**
 * An album from the Spotify Web API, read with an app token of the
 * client-credentials flow. Field names are the Web API's.
 */

interface SpotifyTrack {
  name: string;
  track_number?: number;
  disc_number?: number;
  duration_ms?: number | null;
}

interface SpotifyPage {
  items?: SpotifyTrack[];
  next?: string | null;
}

interface SpotifyAlbum {
  id: string;
  name: string;
  album_type?: string;
  release_date?: string | null;
  release_date_precision?: string | null;
  artists?: { name: string }[];
  label?: string | null;
  images?: { url: string; width?: number | null; height?: number | null }[];
  tracks?: SpotifyPage;
}

export const SPOTIFY_NOT_CONFIGURED = 'Spotify autofill is not configured';

const ALBUM_TYPES: Record<string, ReleaseType> = {
  album: ReleaseType.LP,
  single: ReleaseType.Single,
  compilation: ReleaseType.Compilation,
};

/** The largest image (Spotify lists them widest first, but says so only by their sizes). */
function largestImage(images: SpotifyAlbum['images']): string | null {
  const sorted = [...(images ?? [])].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
  return sorted[0]?.url ?? null;
}

export function mapSpotifyAlbum(album: SpotifyAlbum, tracks: SpotifyTrack[]): SourceRelease {
  const discs = new Set(tracks.map((t) => t.disc_number ?? 1)).size;
  return {
    source: 'spotify',
    sourceId: album.id,
    title: album.name,
    // Spotify gives no transliterations.
    titleLatin: null,
    type: ALBUM_TYPES[album.album_type ?? ''] ?? ReleaseType.Other,
    ...partialDate(album.release_date),
    artists: distinctNames((album.artists ?? []).map((a) => a.name)),
    labels: distinctNames([album.label]),
    tracks: tracks.map((t, i) => ({
      track: trackNumber(t.disc_number ?? 1, discs, t.track_number ?? i + 1),
      title: t.name,
      durationMs: typeof t.duration_ms === 'number' ? t.duration_ms : null,
    })),
    coverUrl: largestImage(album.images),
  };
}

/** The app's token, kept until a minute before it expires. */
export class SpotifyClient {
  private token: { value: string; expiresAt: number } | null = null;

  constructor(private readonly settings: Config['autofill']) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.expiresAt > Date.now()) return this.token.value;
    const credentials = this.settings.spotifyCredentials;
    if (!credentials) throw new AppError(503, SPOTIFY_NOT_CONFIGURED);
    const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
      'base64',
    );
    const body = (await upstreamJson({
      service: 'Spotify',
      url: `${this.settings.spotifyAccountsUrl}/api/token`,
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
      timeoutMs: this.settings.timeoutMs,
      notFoundMessage: 'Spotify refused the token request',
    })) as { access_token?: string; expires_in?: number } | null;
    if (typeof body?.access_token !== 'string') {
      throw badGateway('Spotify sent an unreadable answer');
    }
    const lifetimeMs = (body.expires_in ?? 3600) * 1000;
    this.token = { value: body.access_token, expiresAt: Date.now() + lifetimeMs - 60_000 };
    return body.access_token;
  }

  private async get(url: string): Promise<unknown> {
    return upstreamJson({
      service: 'Spotify',
      url,
      headers: { authorization: `Bearer ${await this.accessToken()}` },
      timeoutMs: this.settings.timeoutMs,
      notFoundMessage: 'Spotify has no album with this id',
    });
  }

  async album(id: string): Promise<SourceRelease> {
    if (!this.settings.spotifyCredentials) throw new AppError(503, SPOTIFY_NOT_CONFIGURED);
    const album = (await this.get(
      `${this.settings.spotifyApiUrl}/v1/albums/${id}`,
    )) as SpotifyAlbum | null;
    if (typeof album?.name !== 'string' || typeof album.id !== 'string') {
      throw badGateway('Spotify sent an unreadable answer');
    }
    // The album carries its first page of tracks; longer albums page on.
    const tracks = [...(album.tracks?.items ?? [])];
    let next = album.tracks?.next ?? null;
    // Only pages of the same API get the token.
    while (
      next?.startsWith(`${this.settings.spotifyApiUrl}/`) &&
      tracks.length < RELEASE_TRACKS_MAX
    ) {
      const page = (await this.get(next)) as SpotifyPage | null;
      tracks.push(...(page?.items ?? []));
      next = page?.next ?? null;
    }
    return mapSpotifyAlbum(album, tracks);
  }
}
