import type {
  Cover,
  DatePrecision,
  ExplicitCoverArt,
  Language,
  LabelRef,
  Release,
  ReleaseGenreScore,
  ReleaseSummary,
  ReleaseType,
  Track,
} from '@earmark/common';
import { releases, type CoverFiles } from '../../db/schema/catalogue';
import { withFields } from '../../lib/objects';

export type ReleaseRow = typeof releases.$inferSelect;

/**
 * The columns of a release its card shows (toReleaseSummary): lists of
 * cards read these alone, not the release's search text, counters and
 * timestamps they would parse and drop.
 */
export const releaseCardColumns = {
  id: releases.id,
  title: releases.title,
  titleLatin: releases.titleLatin,
  type: releases.type,
  date: releases.date,
  datePrecision: releases.datePrecision,
  explicitCoverArt: releases.explicitCoverArt,
  cover: releases.cover,
  ratingsCount: releases.ratingsCount,
  ratingsAvg: releases.ratingsAvg,
  artistCredits: releases.artistCredits,
};

export type ReleaseCardRow = Pick<ReleaseRow, keyof typeof releaseCardColumns>;

/** Public URL path under which cover files are served. */
export const COVER_URL_PREFIX = '/media/covers/';

/** Cover URLs from the stored file names; null when the release has no cover. */
export function coverUrls(cover: CoverFiles | null | undefined): Cover | null {
  if (!cover) return null;
  return {
    sm: COVER_URL_PREFIX + cover.sm,
    md: COVER_URL_PREFIX + cover.md,
    lg: COVER_URL_PREFIX + cover.lg,
    og: COVER_URL_PREFIX + cover.og,
  };
}

/** A release as cards and grids show it, with the visible artists it carries in credit order. */
export function toReleaseSummary(row: ReleaseCardRow): ReleaseSummary {
  return {
    id: row.id,
    title: row.title,
    titleLatin: row.titleLatin,
    artists: row.artistCredits,
    date: row.date,
    datePrecision: row.date ? ((row.datePrecision ?? 'day') as DatePrecision) : null,
    type: row.type as ReleaseType,
    cover: coverUrls(row.cover),
    // The client decides whether to show the cover from these and the viewer's settings.
    explicitCoverArt: row.explicitCoverArt as ExplicitCoverArt[],
    stats: {
      ratingsCount: row.ratingsCount,
      ratingsAvg: row.ratingsCount > 0 ? row.ratingsAvg : null,
    },
  };
}

export interface ReleaseParts {
  labels: LabelRef[];
  languages: Language[];
  genres: ReleaseGenreScore[];
  tracks: Track[];
}

export function toRelease(row: ReleaseRow, parts: ReleaseParts): Release {
  return withFields(toReleaseSummary(row), {
    labels: parts.labels,
    languages: parts.languages,
    genres: parts.genres,
    tracks: parts.tracks,
    createdAt: row.createdAt.toISOString(),
  });
}
