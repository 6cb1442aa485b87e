import { CONTACT_EMAIL, ReleaseType } from '@earmark/common';
import type { Config } from '../../config';
import {
  distinctNames,
  latinTitle,
  partialDate,
  trackNumber,
  type SourceRelease,
} from './source-release';
import { badGateway, upstreamJson, type RequestSpacer } from './upstream';

/**
 * A release from the MusicBrainz JSON web service (/ws/2), with its cover
 * from the Cover Art Archive. Field names are the web service's.
 */

interface MbRelease {
  id: string;
  title: string;
  date?: string | null;
  'artist-credit'?: { name?: string; artist?: { id: string; name: string } }[];
  'label-info'?: { label?: { id: string; name: string } | null }[];
  media?: {
    position?: number;
    tracks?: { position?: number; number?: string; title: string; length?: number | null }[];
  }[];
  'release-group'?: { 'primary-type'?: string | null; 'secondary-types'?: string[] };
  'cover-art-archive'?: { front?: boolean };
  relations?: {
    type?: string;
    direction?: string;
    release?: { title?: string; 'text-representation'?: { script?: string | null } };
  }[];
}

export const MUSICBRAINZ_USER_AGENT = `Earmark/1.0 ( ${CONTACT_EMAIL} )`;

/** MusicBrainz's own label for releases without one. */
const NO_LABEL = '[no label]';

const SECONDARY_TYPES: Record<string, ReleaseType> = {
  compilation: ReleaseType.Compilation,
  live: ReleaseType.Live,
  remix: ReleaseType.Remix,
  soundtrack: ReleaseType.Soundtrack,
  'dj-mix': ReleaseType.DJMix,
  'mixtape/street': ReleaseType.Mixtape,
};

const PRIMARY_TYPES: Record<string, ReleaseType> = {
  album: ReleaseType.LP,
  ep: ReleaseType.EP,
  single: ReleaseType.Single,
};

/** A secondary type (compilation, live...) says more than the primary one (album). */
function releaseType(group: MbRelease['release-group']): ReleaseType {
  for (const secondary of group?.['secondary-types'] ?? []) {
    const type = SECONDARY_TYPES[secondary.toLowerCase()];
    if (type) return type;
  }
  return PRIMARY_TYPES[(group?.['primary-type'] ?? '').toLowerCase()] ?? ReleaseType.Other;
}

/** The title of a Latin-script transliteration linked to the release, if MusicBrainz has one. */
function transliteration(release: MbRelease): string | null {
  const pseudo = release.relations?.find(
    (r) =>
      r.type === 'transl-tracklisting' &&
      r.direction !== 'backward' &&
      r.release?.['text-representation']?.script === 'Latn',
  );
  return pseudo?.release?.title ?? null;
}

export function mapMusicBrainzRelease(release: MbRelease, coverArtUrl: string): SourceRelease {
  const media = release.media ?? [];
  return {
    source: 'musicbrainz',
    sourceId: release.id,
    title: release.title,
    titleLatin: latinTitle(release.title, transliteration(release)),
    type: releaseType(release['release-group']),
    ...partialDate(release.date),
    artists: distinctNames((release['artist-credit'] ?? []).map((c) => c.artist?.name ?? c.name)),
    labels: distinctNames(
      (release['label-info'] ?? []).map((l) => l.label?.name).filter((name) => name !== NO_LABEL),
    ),
    tracks: media.flatMap((medium, i) =>
      (medium.tracks ?? []).map((track, j) => ({
        track: trackNumber(
          medium.position ?? i + 1,
          media.length,
          track.position ?? j + 1,
          track.number,
        ),
        title: track.title,
        durationMs: typeof track.length === 'number' ? Math.round(track.length) : null,
      })),
    ),
    coverUrl: release['cover-art-archive']?.front
      ? `${coverArtUrl}/release/${release.id}/front`
      : null,
  };
}

export async function fetchMusicBrainzRelease(
  mbid: string,
  settings: Config['autofill'],
  spacer: RequestSpacer,
): Promise<SourceRelease> {
  await spacer.turn();
  const inc = 'artist-credits+labels+recordings+release-groups+release-rels';
  const body = (await upstreamJson({
    service: 'MusicBrainz',
    url: `${settings.musicBrainzUrl}/ws/2/release/${mbid}?inc=${inc}&fmt=json`,
    headers: { 'user-agent': MUSICBRAINZ_USER_AGENT },
    timeoutMs: settings.timeoutMs,
    notFoundMessage: 'MusicBrainz has no release with this id',
  })) as MbRelease | null;
  if (typeof body?.title !== 'string' || typeof body.id !== 'string') {
    throw badGateway('MusicBrainz sent an unreadable answer');
  }
  return mapMusicBrainzRelease(body, settings.coverArtUrl);
}
