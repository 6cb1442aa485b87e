import { describe, expect, it } from 'vitest';
import { SortBy } from '@earmark/common';
import {
  DEFAULT_MUSIC_SORT,
  bucketLabel,
  changeMusicParam,
  clearMusicFilters,
  musicHref,
  readMusicView,
} from './music-filters';

const read = (qs: string) => readMusicView(new URLSearchParams(qs));

describe('readMusicView', () => {
  it('reads the sort and every filter from the address', () => {
    expect(
      read(
        'sortBy=RatingHighToLow&year=1997&decade=1990&bucket=8&genre=g1&artist=a1&label=l1&tag=t1&type=2',
      ),
    ).toEqual({
      sortBy: SortBy.RatingHighToLow,
      filters: {
        year: 1997,
        decade: 1990,
        bucket: 8,
        genre: 'g1',
        artist: 'a1',
        label: 'l1',
        tag: 't1',
        type: 2,
      },
    });
  });

  it('falls back to rating date and drops values the API would refuse', () => {
    expect(
      read('sortBy=Popular&year=97&decade=1995&bucket=11&type=12&genre=&artist=%20%20'),
    ).toEqual({ sortBy: DEFAULT_MUSIC_SORT, filters: {} });
    // ReviewTop belongs to review lists, not to the music grid.
    expect(read('sortBy=ReviewTop').sortBy).toBe(SortBy.RatingDate);
  });
});

describe('changeMusicParam', () => {
  it('sets and removes one parameter, keeping the others', () => {
    const params = new URLSearchParams('genre=g1&sortBy=ReleaseDate');
    expect(changeMusicParam(params, 'bucket', '7').toString()).toBe(
      'genre=g1&sortBy=ReleaseDate&bucket=7',
    );
    expect(changeMusicParam(params, 'genre', '').toString()).toBe('sortBy=ReleaseDate');
  });

  it('leaves the default sort out of the address', () => {
    const params = new URLSearchParams('sortBy=ReleaseDate');
    expect(changeMusicParam(params, 'sortBy', SortBy.RatingDate).toString()).toBe('');
  });

  it('drops a year outside a newly chosen decade, and keeps one inside it', () => {
    const params = new URLSearchParams('year=1997');
    expect(changeMusicParam(params, 'decade', '2000').toString()).toBe('decade=2000');
    expect(changeMusicParam(params, 'decade', '1990').toString()).toBe('year=1997&decade=1990');
  });

  it('clears every filter but keeps the sort', () => {
    const params = new URLSearchParams('sortBy=ReviewDate&tag=t1&type=1&year=2001');
    expect(clearMusicFilters(params).toString()).toBe('sortBy=ReviewDate');
  });
});

describe('helpers', () => {
  it('labels rating buckets on the 0-10 scale', () => {
    expect(bucketLabel(0)).toBe('0.0–0.9');
    expect(bucketLabel(8)).toBe('8.0–8.9');
    expect(bucketLabel(10)).toBe('10');
  });

  it('links to filtered music', () => {
    expect(musicHref('ben', { artist: 'a 1', decade: 1990 })).toBe(
      '/ben/music?decade=1990&artist=a+1',
    );
    expect(musicHref('ben', {})).toBe('/ben/music');
  });
});
