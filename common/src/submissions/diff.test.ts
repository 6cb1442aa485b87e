import { describe, expect, it } from 'vitest';
import type { ReleaseSnapshot } from '../schemas/submission-changes';
import { diffSubmission } from './diff';

const cover = (name: string) => ({
  sm: `/media/covers/${name}-sm.webp`,
  md: `/media/covers/${name}-md.webp`,
  lg: `/media/covers/${name}-lg.webp`,
  og: `/media/covers/${name}-og.jpg`,
});

const release = (over: Partial<ReleaseSnapshot> = {}): ReleaseSnapshot => ({
  title: 'Kid A',
  titleLatin: null,
  type: 1,
  date: '2000-10-02',
  datePrecision: 'day',
  artists: [{ id: 'a1', name: 'Radiohead' }],
  labels: [{ id: 'l1', name: 'Parlophone' }],
  languages: [{ id: 'eng', iso6391: 'en', name: 'English' }],
  explicitCoverArt: [],
  cover: cover('one'),
  tracks: [
    { id: 't1', track: '1', title: 'Everything in Its Right Place', durationMs: 251_000 },
    { id: 't2', track: '2', title: 'Kid A', durationMs: 284_000 },
    { id: 't3', track: '3', title: 'The National Anthem', durationMs: 351_000 },
  ],
  ...over,
});

describe('diffSubmission', () => {
  it('shows nothing when nothing changed', () => {
    expect(diffSubmission('release', release(), release())).toEqual([]);
  });

  it('shows every field of a create as new', () => {
    const diff = diffSubmission('artist', null, { name: 'Björk', nameLatin: null, bio: 'Singer' });
    expect(diff).toEqual([
      { kind: 'text', field: 'name', label: 'Name', before: null, after: 'Björk' },
      { kind: 'text', field: 'bio', label: 'Bio', before: null, after: 'Singer' },
    ]);
    const created = diffSubmission('release', null, release());
    expect(created.map((entry) => entry.field)).toEqual([
      'title',
      'artists',
      'type',
      'date',
      'labels',
      'languages',
      'cover',
      'tracks',
    ]);
    const tracks = created.find((entry) => entry.kind === 'tracks');
    expect(tracks).toMatchObject({ added: [{ track: '1' }, { track: '2' }, { track: '3' }] });
  });

  it('formats the type and the date at its precision', () => {
    const diff = diffSubmission(
      'release',
      release(),
      release({ type: 2, date: '2000-01-01', datePrecision: 'year' }),
    );
    expect(diff).toEqual([
      { kind: 'text', field: 'type', label: 'Type', before: 'LP', after: 'EP' },
      { kind: 'text', field: 'date', label: 'Release date', before: '2 Oct 2000', after: '2000' },
    ]);
  });

  it('lists credits added and removed, and an order change as text', () => {
    const swapped = diffSubmission(
      'release',
      release({
        artists: [
          { id: 'a1', name: 'Radiohead' },
          { id: 'a2', name: 'Björk' },
        ],
      }),
      release({
        artists: [
          { id: 'a2', name: 'Björk' },
          { id: 'a1', name: 'Radiohead' },
        ],
      }),
    );
    expect(swapped).toEqual([
      {
        kind: 'text',
        field: 'artists',
        label: 'Artists',
        before: 'Radiohead, Björk',
        after: 'Björk, Radiohead',
      },
    ]);
    const changed = diffSubmission(
      'release',
      release(),
      release({ labels: [{ id: 'l2', name: 'Capitol' }], explicitCoverArt: ['NUDITY'] }),
    );
    expect(changed).toEqual([
      {
        kind: 'set',
        field: 'labels',
        label: 'Labels',
        added: ['Capitol'],
        removed: ['Parlophone'],
      },
      {
        kind: 'set',
        field: 'explicitCoverArt',
        label: 'Explicit cover art',
        added: ['Nudity'],
        removed: [],
      },
    ]);
  });

  it('tells tracks added, removed, renamed, re-timed and moved apart by id', () => {
    const [first, second, third] = release().tracks;
    const diff = diffSubmission(
      'release',
      release(),
      release({
        tracks: [
          { ...second!, track: '1', title: 'Kid A (Live)' },
          { ...first!, track: '2', durationMs: 250_000 },
          { track: '3', title: 'Idioteque', durationMs: 309_000 },
        ],
      }),
    );
    expect(diff).toEqual([
      {
        kind: 'tracks',
        field: 'tracks',
        label: 'Tracks',
        added: [{ track: '3', title: 'Idioteque', durationMs: 309_000 }],
        removed: [{ track: '3', title: third!.title, durationMs: 351_000 }],
        renamed: [{ track: '1', before: 'Kid A', after: 'Kid A (Live)' }],
        retimed: [{ track: '2', title: first!.title, before: 251_000, after: 250_000 }],
        reordered: true,
      },
    ]);
  });

  it('shows a new or removed cover', () => {
    expect(diffSubmission('release', release(), release({ cover: cover('two') }))).toEqual([
      { kind: 'cover', field: 'cover', label: 'Cover', before: cover('one'), after: cover('two') },
    ]);
    expect(diffSubmission('release', release(), release({ cover: null }))).toMatchObject([
      { kind: 'cover', before: cover('one'), after: null },
    ]);
  });

  it('reads genres by their name, description and parents', () => {
    const diff = diffSubmission(
      'genre',
      { name: 'Post-punk', bio: null, parents: [] },
      { name: 'Post-punk', bio: 'Angular guitars', parents: [{ id: 'g1', name: 'Rock' }] },
    );
    expect(diff).toEqual([
      { kind: 'text', field: 'bio', label: 'Description', before: null, after: 'Angular guitars' },
      { kind: 'set', field: 'parents', label: 'Parent genres', added: ['Rock'], removed: [] },
    ]);
  });

  it('treats malformed stored snapshots as empty instead of failing', () => {
    expect(diffSubmission('label', { name: 7, nameLatin: ['x'] }, { name: 'Warp' })).toEqual([
      { kind: 'text', field: 'name', label: 'Name', before: null, after: 'Warp' },
    ]);
  });
});
