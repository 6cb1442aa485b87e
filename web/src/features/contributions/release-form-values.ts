import { ReleaseType, formatDuration, parseDuration } from '@earmark/common';
import type { AutofillRelease, DatePrecision, ExplicitCoverArt, Release } from '@earmark/common';
import type { ReportProblem } from './submission-form';
import { orNull } from './submission-form';
import type { Named } from './components/entity-picker';

/** A track row as typed: the number or label, the title and the duration text. */
export interface TrackRow {
  /** The id of a track the release already has (kept on edit). */
  trackId?: string | undefined;
  track: string;
  title: string;
  duration: string;
}

/** The release form's fields; the payload is built from them on submit. */
export interface ReleaseFormValues {
  title: string;
  titleLatin: string;
  artists: Named[];
  labels: Named[];
  languagesIds: string[];
  type: string;
  /** '' when the date is not known. */
  datePrecision: DatePrecision | '';
  year: string;
  month: string;
  day: string;
  imageUrl: string;
  removeCover: boolean;
  explicitCoverArt: ExplicitCoverArt[];
  tracks: TrackRow[];
  note: string;
}

export const DURATION_MESSAGE = 'Enter the duration as m:ss, h:mm:ss, d:hh:mm:ss or seconds';

export const emptyTrack = (track: string): TrackRow => ({ track, title: '', duration: '' });

export function newReleaseValues(): ReleaseFormValues {
  return {
    title: '',
    titleLatin: '',
    artists: [],
    labels: [],
    languagesIds: [],
    type: String(ReleaseType.LP),
    datePrecision: '',
    year: '',
    month: '',
    day: '',
    imageUrl: '',
    removeCover: false,
    explicitCoverArt: [],
    tracks: [],
    note: '',
  };
}

/** The form filled with a release as it is now (the note is the editor's to write). */
export function releaseValues(release: Release): ReleaseFormValues {
  return {
    ...newReleaseValues(),
    title: release.title,
    titleLatin: release.titleLatin ?? '',
    artists: release.artists.map(({ id, name }) => ({ id, name })),
    labels: release.labels.map(({ id, name }) => ({ id, name })),
    languagesIds: release.languages.map((language) => language.id),
    type: String(release.type),
    ...dateFields(release.date, release.datePrecision),
    explicitCoverArt: [...release.explicitCoverArt],
    tracks: [...release.tracks]
      .sort((a, b) => a.order - b.order)
      .map((track) => ({
        trackId: track.id,
        track: track.track,
        title: track.title,
        duration: formatDuration(track.durationMs),
      })),
  };
}

/** A date ('YYYY-MM-DD', the earliest day it could be) as the form's date fields at its precision. */
export function dateFields(
  date: string | null,
  datePrecision: DatePrecision | null,
): Pick<ReleaseFormValues, 'datePrecision' | 'year' | 'month' | 'day'> {
  const [year = '', month = '', day = ''] = date?.split('-') ?? [];
  const precision = date ? (datePrecision ?? 'day') : '';
  return {
    datePrecision: precision,
    year,
    month: precision === 'year' || precision === '' ? '' : String(Number(month) || ''),
    day: precision === 'day' ? String(Number(day) || '') : '',
  };
}

/**
 * The form filled from an autofill: what the service knows replaces what
 * was typed; the artists and labels it matched become chosen ones, and the
 * languages, explicit cover art and note are left as they are.
 */
export function autofilledValues(
  values: ReleaseFormValues,
  found: AutofillRelease,
): ReleaseFormValues {
  return {
    ...values,
    title: found.title,
    titleLatin: found.titleLatin ?? '',
    type: String(found.type),
    ...dateFields(found.date, found.datePrecision),
    artists: found.artists.flatMap(({ name, artistId }) =>
      artistId ? [{ id: artistId, name }] : [],
    ),
    labels: found.labels.flatMap(({ name, labelId }) => (labelId ? [{ id: labelId, name }] : [])),
    imageUrl: found.coverUrl ?? '',
    tracks: found.tracks.map((track) => ({
      track: track.track,
      title: track.title,
      duration: formatDuration(track.durationMs),
    })),
  };
}

const pad = (value: string, length: number) => value.trim().padStart(length, '0');

/**
 * The release date at its precision as the payload carries it: the earliest
 * day it could be ('2024-03-01' for March 2024), or null when unknown.
 */
export function releaseDate(values: ReleaseFormValues): string | null {
  const { datePrecision: precision } = values;
  if (precision === '') return null;
  const month = precision === 'year' ? '01' : pad(values.month, 2);
  const day = precision === 'day' ? pad(values.day, 2) : '01';
  // The year is taken as typed: anything but four digits is not a date the schema accepts.
  return `${values.year.trim()}-${month}-${day}`;
}

/** A track's duration in milliseconds; an unreadable one is reported under its field. */
export function trackDuration(row: TrackRow, index: number, report: ReportProblem) {
  const ms = parseDuration(row.duration);
  if (ms === undefined) report(`tracks.${index}.duration`, DURATION_MESSAGE);
  return ms ?? null;
}

/** The release submission the form describes. */
export function releasePayload(values: ReleaseFormValues, report: ReportProblem, editing: boolean) {
  const date = releaseDate(values);
  return {
    title: values.title,
    titleLatin: orNull(values.titleLatin),
    artistsIds: values.artists.map((artist) => artist.id),
    labelsIds: values.labels.map((label) => label.id),
    languagesIds: values.languagesIds,
    type: Number(values.type),
    date,
    datePrecision: date ? values.datePrecision : null,
    imageUrl: orNull(values.imageUrl),
    ...(editing && values.removeCover ? { removeCover: true } : {}),
    explicitCoverArt: values.explicitCoverArt,
    tracks: values.tracks.map((row, index) => ({
      ...(row.trackId ? { id: row.trackId } : {}),
      track: row.track.trim(),
      title: row.title,
      durationMs: trackDuration(row, index, report),
    })),
    note: values.note,
  };
}

/** Where an issue of the payload shows on the form. */
export function releaseFieldOf(path: readonly PropertyKey[]): string {
  const [first, index, field] = path.map(String);
  if (first === 'tracks' && index !== undefined) {
    return `tracks.${index}.${field === 'durationMs' ? 'duration' : (field ?? 'title')}`;
  }
  return RELEASE_FIELDS[first ?? ''] ?? 'title';
}

/**
 * The form field of each payload field, for the form's own checks and for
 * the server's 400 messages (which start with the payload field's name).
 */
export const RELEASE_FIELDS: Record<string, keyof ReleaseFormValues> = {
  title: 'title',
  titleLatin: 'titleLatin',
  artistsIds: 'artists',
  labelsIds: 'labels',
  languagesIds: 'languagesIds',
  type: 'type',
  date: 'year',
  datePrecision: 'year',
  imageUrl: 'imageUrl',
  removeCover: 'removeCover',
  explicitCoverArt: 'explicitCoverArt',
  tracks: 'tracks',
  note: 'note',
};
