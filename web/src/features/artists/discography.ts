import { ReleaseType, releaseTypeLabels } from '@earmark/common';
import type { ReleaseSummary } from '@earmark/common';

/** Order of the discography groups: the main releases first, side releases after. */
export const DISCOGRAPHY_ORDER: readonly ReleaseType[] = [
  ReleaseType.LP,
  ReleaseType.EP,
  ReleaseType.Single,
  ReleaseType.Mixtape,
  ReleaseType.Live,
  ReleaseType.Compilation,
  ReleaseType.Soundtrack,
  ReleaseType.Remix,
  ReleaseType.Instrumental,
  ReleaseType.Cover,
  ReleaseType.DJMix,
  ReleaseType.Reissue,
  ReleaseType.Video,
  ReleaseType.Unofficial,
  ReleaseType.Other,
];

const GROUP_TITLES: Partial<Record<ReleaseType, string>> = {
  [ReleaseType.LP]: 'LPs',
  [ReleaseType.EP]: 'EPs',
  [ReleaseType.Single]: 'Singles',
  [ReleaseType.Mixtape]: 'Mixtapes',
  [ReleaseType.Live]: 'Live albums',
  [ReleaseType.Compilation]: 'Compilations',
  [ReleaseType.Soundtrack]: 'Soundtracks',
  [ReleaseType.Remix]: 'Remixes',
  [ReleaseType.Instrumental]: 'Instrumentals',
  [ReleaseType.Cover]: 'Covers',
  [ReleaseType.DJMix]: 'DJ mixes',
  [ReleaseType.Reissue]: 'Reissues',
  [ReleaseType.Video]: 'Videos',
};

export const groupTitle = (type: ReleaseType) => GROUP_TITLES[type] ?? releaseTypeLabels[type];

export interface DiscographyGroup {
  type: ReleaseType;
  title: string;
  releases: ReleaseSummary[];
}

const byDateDescending = (a: ReleaseSummary, b: ReleaseSummary) =>
  (b.date ?? '').localeCompare(a.date ?? '');

/** An artist's releases grouped by type (LPs first), newest first within each group. */
export function groupDiscography(releases: readonly ReleaseSummary[]): DiscographyGroup[] {
  return DISCOGRAPHY_ORDER.flatMap((type) => {
    const group = releases.filter((release) => release.type === type);
    if (group.length === 0) return [];
    return [{ type, title: groupTitle(type), releases: [...group].sort(byDateDescending) }];
  });
}
