import { ReleaseType, SortBy, releaseTypeLabels } from '@earmark/common';
import { paths } from '../../lib/paths';
import type { QueryParams } from '../../lib/api';

/** The sorts a profile's music offers, in menu order, with their labels. */
export const MUSIC_SORTS = [
  { value: SortBy.RatingDate, label: 'Recently rated' },
  { value: SortBy.RatingHighToLow, label: 'Highest rated' },
  { value: SortBy.RatingLowToHigh, label: 'Lowest rated' },
  { value: SortBy.EntryDate, label: 'Recently added' },
  { value: SortBy.ReleaseDate, label: 'Release date' },
  { value: SortBy.ReviewDate, label: 'Recently reviewed' },
] as const;
export type MusicSort = (typeof MUSIC_SORTS)[number]['value'];
export const DEFAULT_MUSIC_SORT: MusicSort = SortBy.RatingDate;

/** Filters of a profile's music, kept in the URL under these names (the API's names too). */
export interface MusicFilters {
  year?: number;
  decade?: number;
  /** Rating bucket 0..10. */
  bucket?: number;
  genre?: string;
  artist?: string;
  label?: string;
  tag?: string;
  type?: ReleaseType;
}
export type MusicFilterKey = keyof MusicFilters;
export const MUSIC_FILTER_KEYS: readonly MusicFilterKey[] = [
  'year',
  'decade',
  'bucket',
  'genre',
  'artist',
  'label',
  'tag',
  'type',
];

export interface MusicView {
  sortBy: MusicSort;
  filters: MusicFilters;
}

const RELEASE_TYPES = Object.values(ReleaseType) as number[];
const SORT_VALUES = MUSIC_SORTS.map((sort) => sort.value) as string[];

function readInt(value: string | null, ok: (n: number) => boolean): number | undefined {
  if (value === null || !/^\d{1,4}$/.test(value)) return undefined;
  const n = Number(value);
  return ok(n) ? n : undefined;
}

function readId(value: string | null): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed.length <= 64 ? trimmed : undefined;
}

const isYear = (n: number) => n >= 1000 && n <= 3000;

/**
 * Reads the sort and filters from the address. Values the API would refuse
 * (a typed-in 'decade=1995', an unknown type) are dropped rather than shown
 * as an error: the page falls back to the unfiltered view.
 */
export function readMusicView(params: URLSearchParams): MusicView {
  const sort = params.get('sortBy');
  const filters: MusicFilters = {
    year: readInt(params.get('year'), isYear),
    decade: readInt(params.get('decade'), (n) => isYear(n) && n % 10 === 0),
    bucket: readInt(params.get('bucket'), (n) => n <= 10),
    genre: readId(params.get('genre')),
    artist: readId(params.get('artist')),
    label: readId(params.get('label')),
    tag: readId(params.get('tag')),
    type: readInt(params.get('type'), (n) => RELEASE_TYPES.includes(n)) as ReleaseType | undefined,
  };
  for (const key of MUSIC_FILTER_KEYS) if (filters[key] === undefined) delete filters[key];
  return {
    sortBy: sort && SORT_VALUES.includes(sort) ? (sort as MusicSort) : DEFAULT_MUSIC_SORT,
    filters,
  };
}

export const activeFilterCount = (filters: MusicFilters) =>
  MUSIC_FILTER_KEYS.filter((key) => filters[key] !== undefined).length;

/**
 * The address after one change: an empty value removes the parameter, and
 * the default sort is left out so the plain URL stays the canonical one.
 * Picking a decade drops a year outside it.
 */
export function changeMusicParam(
  params: URLSearchParams,
  key: MusicFilterKey | 'sortBy',
  value: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === '' || (key === 'sortBy' && value === DEFAULT_MUSIC_SORT)) next.delete(key);
  else next.set(key, value);
  if (key === 'decade' && value !== '') {
    const year = Number(next.get('year'));
    if (Math.floor(year / 10) * 10 !== Number(value)) next.delete('year');
  }
  return next;
}

/** The address without any filter (the sort stays). */
export function clearMusicFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of MUSIC_FILTER_KEYS) next.delete(key);
  return next;
}

/** The query of GET entries for one view of a user's music. */
export const musicQuery = (userId: string, view: MusicView): QueryParams => ({
  userId,
  sortBy: view.sortBy,
  ...view.filters,
});

/** '8.0–8.9' for bucket 8; bucket 10 holds only a perfect 10. */
export function bucketLabel(bucket: number): string {
  return bucket >= 10 ? '10' : `${bucket}.0–${bucket}.9`;
}

export const releaseTypeOptions = () =>
  (Object.entries(releaseTypeLabels) as [string, string][]).map(([value, label]) => ({
    value,
    label,
  }));

/** A link to a user's music with some filters set. */
export function musicHref(username: string, filters: MusicFilters): string {
  const params = new URLSearchParams();
  for (const key of MUSIC_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${paths.userMusic.href(username)}${qs ? `?${qs}` : ''}`;
}
