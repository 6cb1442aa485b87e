import { describe, expect, it } from 'vitest';
import { releaseSubmissionSchema, msg } from '@earmark/common';
import { makeRelease, makeTrack } from '../releases/test-support';
import {
  DURATION_MESSAGE,
  newReleaseValues,
  releaseDate,
  releasePayload,
  releaseValues,
} from './release-form-values';

const withDate = (
  datePrecision: '' | 'year' | 'month' | 'day',
  year = '',
  month = '',
  day = '',
) => ({
  ...newReleaseValues(),
  datePrecision,
  year,
  month,
  day,
});

describe('the release form values', () => {
  it('gives the earliest day of the date at its precision', () => {
    expect(releaseDate(withDate(''))).toBeNull();
    expect(releaseDate(withDate('year', '1999', '7', '9'))).toBe('1999-01-01');
    expect(releaseDate(withDate('month', '1999', '7', '9'))).toBe('1999-07-01');
    expect(releaseDate(withDate('day', '1999', '7', '9'))).toBe('1999-07-09');
  });

  it('leaves a short year for the schema to refuse', () => {
    const payload = releasePayload(withDate('year', '99'), () => undefined, false);
    const result = releaseSubmissionSchema.safeParse(payload);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(msg.dateString('date'));
  });

  it('reports an unreadable duration under its field and reads the others', () => {
    const problems: [string, string][] = [];
    const payload = releasePayload(
      {
        ...newReleaseValues(),
        tracks: [
          { track: '1', title: 'A', duration: '4:05' },
          { track: '2', title: 'B', duration: '' },
          { track: '3', title: 'C', duration: '4:75' },
        ],
      },
      (field, message) => problems.push([field, message]),
      false,
    );
    expect(payload.tracks.map((track) => track.durationMs)).toEqual([245_000, null, null]);
    expect(problems).toEqual([['tracks.2.duration', DURATION_MESSAGE]]);
  });

  it('fills the form from a release, tracks in their order with their ids', () => {
    const values = releaseValues(
      makeRelease({
        date: '2001-06-01',
        datePrecision: 'month',
        tracks: [
          makeTrack({ id: 't2', track: 'B1', title: 'Second', durationMs: 3_600_000, order: 1 }),
          makeTrack({ id: 't1', track: 'A1', title: 'First', durationMs: null, order: 0 }),
        ],
      }),
    );
    expect(values).toMatchObject({ datePrecision: 'month', year: '2001', month: '6', day: '' });
    expect(values.tracks).toEqual([
      { trackId: 't1', track: 'A1', title: 'First', duration: '' },
      { trackId: 't2', track: 'B1', title: 'Second', duration: '1:00:00' },
    ]);
  });
});
