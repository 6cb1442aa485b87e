import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeProfile, usersPage } from '../../users/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const person = (id: string, username: string, isFollowedByViewer: boolean) => ({
  id,
  username,
  name: null,
  image: null,
  supporter: 0 as const,
  isFollowedByViewer,
});

describe('follower lists', () => {
  it('lists the people with links and follow buttons, none for the viewer themself', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u1', username: 'mira' })),
      'GET /api/users/username/ben': json(200, makeProfile()),
      'GET /api/users/u2/followers/': json(
        200,
        usersPage([person('u3', 'cleo', true), person('u1', 'mira', false)]),
      ),
    });
    renderApp('/ben/followers');

    const list = await screen.findByRole(
      'list',
      { name: 'People following Ben Carter' },
      {
        timeout: 5000,
      },
    );
    const rows = within(list).getAllByRole('listitem');
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/cleo');
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Following' })).toBeTruthy();
    expect(within(rows[1] as HTMLElement).queryByRole('button')).toBeNull();
  });

  it('unfollows from a row at once and refreshes the profile counters', async () => {
    let profileCalls = 0;
    const fetchMock = mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u1', username: 'mira' })),
      'GET /api/users/username/mira': () => {
        profileCalls += 1;
        return json(200, makeProfile({ id: 'u1', username: 'mira', name: 'Mira Stone' }));
      },
      'GET /api/users/u1/following/': json(200, usersPage([person('u3', 'cleo', true)])),
      'DELETE /api/users/u3/following': json(200, { following: false, followersCount: 0 }),
    });
    renderApp('/mira/following');

    const button = await screen.findByRole('button', { name: 'Following' }, { timeout: 5000 });
    await userEvent.click(button);
    expect(screen.getByRole('button', { name: 'Follow' })).toBe(button);
    await waitFor(() => expect(profileCalls).toBe(2));
    // The row stays, so a slip can be undone with a second click.
    expect(screen.getByRole('link', { name: /cleo/ })).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === '/api/users/u3/following' && init?.method === 'DELETE',
      ),
    ).toBe(true);
  });

  it('shows more by the cursor the page before gave, until there is none', async () => {
    const asked: (string | null)[] = [];
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u1', username: 'mira' })),
      'GET /api/users/username/ben': json(200, makeProfile()),
      'GET /api/users/u2/followers/': (url) => {
        const cursor = url.searchParams.get('cursor');
        asked.push(cursor);
        expect(url.searchParams.has('page')).toBe(false);
        const fields = { totalItems: 2, totalPages: 2, itemsPerPage: 1 };
        return cursor === null
          ? json(200, {
              ...usersPage([person('u3', 'cleo', false)]),
              ...fields,
              nextCursor: 'after-cleo',
            })
          : json(200, {
              ...usersPage([person('u4', 'dana', false)]),
              ...fields,
              currentPage: 2,
            });
      },
    });
    renderApp('/ben/followers');

    const more = await screen.findByRole('button', { name: 'Show more' }, { timeout: 5000 });
    await userEvent.click(more);
    expect(await screen.findByRole('link', { name: /dana/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /cleo/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(asked).toEqual([null, 'after-cleo']);
  });

  it('says when the list is empty', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u1', username: 'mira' })),
      'GET /api/users/username/ben': json(200, makeProfile()),
      'GET /api/users/u2/following/': json(200, usersPage([])),
    });
    renderApp('/ben/following');
    expect(
      await screen.findByText("Ben Carter doesn't follow anyone yet.", {}, { timeout: 5000 }),
    ).toBeTruthy();
  });
});
