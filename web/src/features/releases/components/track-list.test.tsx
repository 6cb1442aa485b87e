import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { makeTrack } from '../test-support';
import { TrackList, trackFooterText } from './track-list';

afterEach(cleanup);

describe('track list', () => {
  it('lists tracks in order with their durations', () => {
    render(
      <TrackList
        tracks={[
          makeTrack({ id: 'b', track: '2', title: 'Second', durationMs: 65_000, order: 1 }),
          makeTrack({ id: 'a', track: '1', title: 'First', durationMs: 3_723_000, order: 0 }),
        ]}
      />,
    );
    const rows = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1FirstDuration 1:02:03',
      '2SecondDuration 1:05',
    ]);
  });

  it('shows the track count and total length when every track has a duration', () => {
    render(
      <TrackList
        tracks={[
          makeTrack({ id: 'a', durationMs: 200_000 }),
          makeTrack({ id: 'b', durationMs: 185_000, order: 1 }),
          makeTrack({ id: 'c', durationMs: 220_000, order: 2 }),
        ]}
      />,
    );
    expect(screen.getByText('3 tracks · 10:05')).toBeTruthy();
  });

  it('leaves the footer out when a track has no duration', () => {
    const tracks = [makeTrack({ id: 'a' }), makeTrack({ id: 'b', durationMs: null, order: 1 })];
    expect(trackFooterText(tracks)).toBeNull();
    render(<TrackList tracks={tracks} />);
    expect(screen.queryByText(/tracks ·/)).toBeNull();
  });

  it('has no footer for an empty track list, and says so', () => {
    render(<TrackList tracks={[]} />);
    expect(screen.getByText('No tracks are listed for this release yet.')).toBeTruthy();
    expect(trackFooterText([])).toBeNull();
  });

  it('uses the singular for one track', () => {
    expect(trackFooterText([makeTrack({ durationMs: 61_000 })])).toBe('1 track · 1:01');
  });

  it('tints each row by its share of down-votes', () => {
    render(
      <TrackList
        tracks={[
          makeTrack({ id: 'a', upvotes: 3, downvotes: 1 }),
          makeTrack({ id: 'b', upvotes: 0, downvotes: 0, order: 1 }),
        ]}
      />,
    );
    const [disliked, neutral] = screen.getAllByRole('listitem');
    expect(disliked?.style.getPropertyValue('--downvote-share')).toBe('0.25');
    expect(neutral?.style.getPropertyValue('--downvote-share')).toBe('0');
  });
});
