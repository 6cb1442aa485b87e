import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeEntriesPage } from '../../reviews/test-support';
import { makeRelease } from '../../releases/test-support';
import { makeProfile } from '../../users/test-support';
import { commentsPage, makeComment } from '../test-support';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The `entityType:entityId` of each comments call made so far. */
const threadsAsked = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/comments')
    .map((url) => `${url.searchParams.get('entityType')}:${url.searchParams.get('entityId')}`);

describe('comment threads on the pages', () => {
  it('shows the release thread, and a track’s thread only once its disclosure opens', async () => {
    const fetchMock = mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/entries': json(200, makeEntriesPage([])),
      'GET /api/comments': (url) =>
        json(
          200,
          commentsPage([
            makeComment('c1', {
              entityType: Number(url.searchParams.get('entityType')) as 20,
              entityId: url.searchParams.get('entityId')!,
              body: `About ${url.searchParams.get('entityId')}`,
            }),
          ]),
        ),
    });
    const { socket } = renderApp('/release/r1');

    const thread = await screen.findByRole('region', { name: 'Comments' });
    expect(await within(thread).findByText('About r1')).toBeTruthy();
    expect(threadsAsked(fetchMock)).toEqual(['20:r1']);

    const toggle = screen.getByRole('button', { name: 'Comments on Tide' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const trackThread = await screen.findByRole('region', { name: 'Comments on Tide' });
    expect(await within(trackThread).findByText('About t2')).toBeTruthy();
    expect(threadsAsked(fetchMock)).toEqual(['20:r1', '21:t2']);
    expect(socket.rooms.sort()).toEqual(['20:r1', '21:t2']);

    await userEvent.click(toggle);
    await waitFor(() => expect(socket.rooms).toEqual(['20:r1']));
  });

  it('titles a profile’s thread Shoutbox and keeps the page whole when it cannot load', async () => {
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/users/username/ben': json(
        200,
        makeProfile({ counts: { entries: 0, reviews: 0, lists: 0, followers: 0, following: 0 } }),
      ),
      'GET /api/comments': json(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Boom',
      }),
    });
    renderApp('/ben');

    const shoutbox = await screen.findByRole('region', { name: 'Shoutbox' });
    expect((await within(shoutbox).findByRole('alert')).textContent).toContain(
      'Comments could not be loaded.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Ben Carter' })).toBeTruthy();
    expect(screen.getByText("Ben Carter hasn't logged any releases yet.")).toBeTruthy();
  });
});
