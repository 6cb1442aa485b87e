import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserProfile } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { emptyStatsRoutes, makeProfile } from '../test-support';

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const ben: UserProfile = {
  id: 'u2',
  username: 'ben',
  name: 'Ben Carter',
  image: null,
  supporter: 10,
  contributorStatus: 0,
  createdAt: '2023-11-02T10:00:00.000Z',
  counts: { entries: 0, reviews: 0, lists: 0, followers: 0, following: 0 },
};

describe('profile page', () => {
  it('loads the profile by username and says when nothing is logged yet', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/users/username/Ben': json(200, ben) });
    renderApp('/Ben');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ben Carter');
    expect(screen.getByText('Supporter')).toBeTruthy();
    expect(screen.getByText("Ben Carter hasn't logged any releases yet.")).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit profile' })).toBeNull();
    // Contributions need an account: visitors get no link to them.
    expect(screen.queryByRole('link', { name: /contributions/i })).toBeNull();
    expect(document.title).toBe('Ben Carter | Earmark');
  });

  it('shows the 404 page for an unknown user', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/users/username/nobody': json(404, {
        statusCode: 404,
        error: 'Not Found',
        message: 'User not found',
      }),
    });
    renderApp('/nobody');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });

  it('offers Edit profile to its owner', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u2', username: 'ben' })),
      'GET /api/users/username/ben': json(200, ben),
    });
    renderApp('/ben');

    expect(await screen.findByRole('link', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.getByText("You haven't logged any releases yet.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your contributions' }).getAttribute('href')).toBe(
      '/ben/contributions',
    );
  });
});

/** The number shown for one of the header's counters. */
function stat(label: string): string | null | undefined {
  const term = screen.getAllByRole('term').find((t) => t.textContent === label);
  return term?.nextSibling?.textContent;
}

describe('profile layout', () => {
  it('links the tabs of the profile', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/users/username/ben': json(200, makeProfile()),
      ...emptyStatsRoutes,
    });
    renderApp('/ben');
    const nav = await screen.findByRole('navigation', { name: "Ben Carter's profile" });
    const tabs = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(tabs).toEqual([
      ['Overview', '/ben'],
      ['Music', '/ben/music'],
      ['Reviews', '/ben/reviews'],
      ['Lists', '/ben/lists'],
      ['Following', '/ben/following'],
      ['Followers', '/ben/followers'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('offers no follow button to signed-out visitors, nor on your own profile', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/users/username/ben': json(200, makeProfile()),
      ...emptyStatsRoutes,
    });
    const { unmount } = renderApp('/ben');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
    unmount();

    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u2', username: 'ben' })),
      'GET /api/users/username/ben': json(200, makeProfile()),
      ...emptyStatsRoutes,
    });
    renderApp('/ben');
    expect(await screen.findByRole('link', { name: 'Edit profile' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });

  it('follows at once (one more follower), then shows the count the server gives', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/users/username/ben': json(200, makeProfile({ followedByViewer: false })),
      ...emptyStatsRoutes,
      'POST /api/users/u2/following': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'DELETE /api/users/u2/following': json(200, { following: false, followersCount: 6 }),
    });
    renderApp('/ben');
    const button = await screen.findByRole('button', { name: 'Follow' });
    expect(stat('Followers')).toBe('4');

    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Following' })).toBe(button);
    expect(stat('Followers')).toBe('5');
    expect(fetchMock).toHaveBeenCalledWith('/api/users/u2/following', expect.anything());

    // Someone else followed meanwhile: the server's count wins.
    answer(json(200, { following: true, followersCount: 7 }));
    await waitFor(() => expect(stat('Followers')).toBe('7'));
    expect(screen.getByRole('button', { name: 'Following' })).toBe(button);

    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Follow' })).toBe(button);
    await waitFor(() => expect(stat('Followers')).toBe('6'));
    const methods = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/api/users/u2/following')
      .map(([, init]) => init?.method);
    expect(methods).toEqual(['POST', 'DELETE']);
  });

  it('takes a failed follow back and says why', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/users/username/ben': json(200, makeProfile({ followedByViewer: false })),
      ...emptyStatsRoutes,
      'POST /api/users/u2/following': json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: 'You cannot follow yourself',
      }),
    });
    renderApp('/ben');
    const button = await screen.findByRole('button', { name: 'Follow' });
    await userEvent.click(button);

    expect(await screen.findByText('You cannot follow yourself')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Follow' })).toBe(button);
    expect(stat('Followers')).toBe('4');
  });
});
