import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VoteType } from '@earmark/common';
import type { Entry, TrackVoteReply } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeRelease, makeTrack } from '../../releases/test-support';
import { makeEntry, rated, releaseRoutes, withVotes, writes } from '../test-support';

// The release page is lazy; loading it once up front keeps a cold first test within its time.
beforeAll(async () => {
  await import('../../releases/pages/release-page');
}, 30_000);

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const tracksPanel = () => screen.getByRole('region', { name: 'Tracks' });
// The first render loads the lazy page, which can take a while on a cold start.
const slow = { timeout: 5000 };
const favourite = (title: string) =>
  screen.findByRole('button', { name: new RegExp(`^\\d+ favourite: ${title}$`) }, slow);
const pressed = (el: HTMLElement) => el.getAttribute('aria-pressed');

/** A server that toggles track votes like the real one and counts by one. */
function votingServer(start: Entry | null = null) {
  let entry: Entry = start ?? makeEntry();
  const counts: Record<string, { up: number; down: number }> = {
    t1: { up: 4, down: 0 },
    t2: { up: 1, down: 2 },
  };
  return (url: URL, init: RequestInit): Response => {
    const trackId = url.pathname.split('/').pop() ?? '';
    const { vote } = JSON.parse(String(init.body)) as { vote: VoteType };
    const mine = Object.fromEntries(entry.trackVotes.map((v) => [v.trackId, v.vote]));
    const before = mine[trackId];
    const c = counts[trackId] ?? { up: 0, down: 0 };
    if (before === VoteType.UP) c.up -= 1;
    if (before === VoteType.DOWN) c.down -= 1;
    if (before === vote) delete mine[trackId];
    else {
      mine[trackId] = vote;
      if (vote === VoteType.UP) c.up += 1;
      else c.down += 1;
    }
    entry = withVotes(mine, entry);
    const reply: TrackVoteReply = {
      entry,
      track: { id: trackId, upvotes: c.up, downvotes: c.down },
    };
    return json(200, reply);
  };
}

const release = () =>
  makeRelease({
    tracks: [
      makeTrack({ id: 't1', title: 'Opening', upvotes: 4 }),
      makeTrack({ id: 't2', track: '2', title: 'Tide', order: 1, upvotes: 1, downvotes: 2 }),
    ],
  });

describe('track votes', () => {
  it('toggles a favourite and moves the count by one each time', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(release(), null),
      'POST /api/entries/track/r1/t1': votingServer(),
    });
    renderApp('/release/r1');
    const up = await favourite('Opening');
    expect(pressed(up)).toBe('false');
    expect(up.textContent).toBe('4 favourite: Opening');

    await userEvent.click(up);
    await waitFor(() => expect(pressed(up)).toBe('true'));
    expect(up.textContent).toBe('5 favourite: Opening');

    await userEvent.click(up);
    await waitFor(() => expect(pressed(up)).toBe('false'));
    expect(up.textContent).toBe('4 favourite: Opening');
    expect(writes(vi.mocked(fetch))).toEqual([
      { key: 'POST /api/entries/track/r1/t1', body: { vote: 1 } },
      { key: 'POST /api/entries/track/r1/t1', body: { vote: 1 } },
    ]);
  });

  it('replaces a favourite with a least favourite vote', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(release(), withVotes({ t1: VoteType.UP })),
      'POST /api/entries/track/r1/t1': votingServer(withVotes({ t1: VoteType.UP })),
    });
    renderApp('/release/r1');
    const up = await favourite('Opening');
    await waitFor(() => expect(pressed(up)).toBe('true'));
    const down = screen.getByRole('button', { name: /^\d+ least favourite: Opening$/ });

    await userEvent.click(down);
    await waitFor(() => expect(pressed(down)).toBe('true'));
    expect(pressed(up)).toBe('false');
    expect(up.textContent).toBe('3 favourite: Opening');
    expect(down.textContent).toBe('1 least favourite: Opening');
  });

  it('makes the vote buttons one tab stop that the arrow keys move through', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(release(), null),
      'POST /api/entries/track/r1/t2': votingServer(),
    });
    renderApp('/release/r1');
    const up = await favourite('Opening');
    // Each row: its two votes, then its 'Comments' toggle.
    const votes = within(tracksPanel()).getAllByRole('button');
    expect(votes.map((b) => b.textContent)).toEqual([
      expect.stringMatching(/favourite: Opening$/),
      expect.stringMatching(/least favourite: Opening$/),
      'Comments on Opening',
      expect.stringMatching(/favourite: Tide$/),
      expect.stringMatching(/least favourite: Tide$/),
      'Comments on Tide',
    ]);
    await waitFor(() => expect(votes.map((b) => b.tabIndex)).toEqual([0, -1, -1, -1, -1, -1]));

    up.focus();
    await userEvent.keyboard('{ArrowDown}');
    const tideUp = screen.getByRole('button', { name: /^\d+ favourite: Tide$/ });
    expect(document.activeElement).toBe(tideUp);
    await userEvent.keyboard('{ArrowRight}');
    const tideDown = screen.getByRole('button', { name: /^\d+ least favourite: Tide$/ });
    expect(document.activeElement).toBe(tideDown);
    // The last one focused is now the group's stop.
    expect(votes.map((b) => b.tabIndex)).toEqual([-1, -1, -1, -1, 0, -1]);
    await userEvent.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Comments on Tide');
    await userEvent.keyboard('{ArrowLeft}');

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(pressed(tideDown)).toBe('true'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(up);
  });

  it('shows visitors the totals without buttons', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/releases/r1': json(200, release()) });
    renderApp('/release/r1');
    await screen.findByRole('heading', { level: 1 }, slow);
    const tide = within(tracksPanel()).getAllByRole('listitem')[1]!;
    expect(tide.textContent).toContain('1 favourite');
    expect(tide.textContent).toContain('2 least favourite');
    expect(screen.queryByRole('button', { name: /favourite/i })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Rating from 0 to 10' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Frelease%2Fr1',
    );
  });
});

describe('entry actions', () => {
  it('disables every entry button while an action is in flight', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(release(), rated(70)),
      'POST /api/entries/track/r1/t1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/release/r1');
    await userEvent.click(await favourite('Opening'));

    const others = [
      screen.getByRole('button', { name: /^\d+ favourite: Opening$/ }),
      screen.getByRole('button', { name: /^\d+ least favourite: Tide$/ }),
      screen.getByRole('button', { name: 'Remove rating' }),
      screen.getByRole('button', { name: 'Write a review' }),
      screen.getByRole('button', { name: 'Delete entry' }),
    ];
    await waitFor(() =>
      others.forEach((button) => expect(button.getAttribute('aria-disabled')).toBe('true')),
    );
    // A click on a disabled action sends nothing.
    await userEvent.click(screen.getByRole('button', { name: /^\d+ least favourite: Tide$/ }));

    const reply: TrackVoteReply = {
      entry: withVotes({ t1: VoteType.UP }, rated(70)),
      track: { id: 't1', upvotes: 5, downvotes: 0 },
    };
    answer(json(200, reply));
    await waitFor(() =>
      others.forEach((button) => expect(button.getAttribute('aria-disabled')).toBeNull()),
    );
    expect(writes(vi.mocked(fetch))).toHaveLength(1);
  });

  it('hides rating and track votes on a future release but keeps tags and review', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(makeRelease({ date: '2999-06-01' }), null),
    });
    renderApp('/release/r1');
    expect(await screen.findByText(/This release is not out yet/, {}, slow)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Rating from 0 to 10' })).toBeNull();
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.queryByRole('button', { name: /favourite/i })).toBeNull();
    expect(screen.getByRole('group', { name: 'Your tags' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Write a review' })).toBeTruthy();
  });

  it('deletes the entry after confirming', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      ...releaseRoutes(release(), rated(70)),
      'DELETE /api/entries/e1': () => new Response(null, { status: 204 }),
    });
    renderApp('/release/r1');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete entry' }, slow));
    const dialog = screen.getByRole('dialog', { name: 'Delete your entry for this release?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(vi.mocked(fetch))).toEqual([{ key: 'DELETE /api/entries/e1', body: undefined }]);
    expect(screen.queryByRole('button', { name: 'Delete entry' })).toBeNull();
    expect(
      (screen.getByRole('textbox', { name: 'Rating from 0 to 10' }) as HTMLInputElement).value,
    ).toBe('');
  });
});
