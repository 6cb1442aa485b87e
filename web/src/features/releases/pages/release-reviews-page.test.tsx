import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeEntry, makeEntriesPage, makeUserRef } from '../../reviews/test-support';
import { makeRelease } from '../test-support';

// Load the lazy modules (route pages, markdown parser) up front: a cold
// transform is slower than a query's wait.
beforeAll(async () => {
  await Promise.all([
    import('./release-page'),
    import('./release-reviews-page'),
    import('../../../components/markdown-renderer'),
  ]);
});

/** The first render loads lazy route modules, which can be slow on a cold run. */
const SLOW = { timeout: 5000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('release reviews tab', () => {
  it('lists the release’s reviews newest first, then top first on request', async () => {
    const sorts: string[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/entries': (url) => {
        expect(url.searchParams.get('releaseId')).toBe('r1');
        expect(url.searchParams.get('withReview')).toBe('true');
        const sortBy = url.searchParams.get('sortBy') ?? '';
        sorts.push(sortBy);
        const name = sortBy === 'ReviewTop' ? 'Top Writer' : 'New Writer';
        return json(200, makeEntriesPage([makeEntry({ user: makeUserRef({ name }) })]));
      },
    });
    const { router } = renderApp('/release/r1');
    const user = userEvent.setup();

    const list = await screen.findByRole('list', { name: 'Reviews of Blue Hour' }, SLOW);
    expect(within(list).getByRole('link', { name: 'New Writer' })).toBeTruthy();
    // On the release's own page the card does not repeat the release.
    expect(within(list).queryByRole('link', { name: 'Blue Hour' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Top' }));
    expect(await screen.findByRole('link', { name: 'Top Writer' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Top' }).getAttribute('aria-pressed')).toBe('true');
    expect(router.state.location.search).toBe('?sort=top');
    expect(sorts).toEqual(['ReviewDate', 'ReviewTop']);
    // Visitors have no followed users.
    expect(screen.queryByRole('heading', { name: 'From people you follow' })).toBeNull();
  });

  it('says so when nobody has reviewed the release', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/entries': json(200, makeEntriesPage([])),
    });
    renderApp('/release/r1');
    expect(await screen.findByText('No reviews yet', undefined, SLOW)).toBeTruthy();
    expect(screen.getByText('Nobody has reviewed this release yet.')).toBeTruthy();
  });

  it('shows the ratings of followed users to a signed-in viewer', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/entries': json(200, makeEntriesPage([])),
      'GET /api/entries/release/r1/following': json(200, [
        makeEntry({ id: 'f1', user: makeUserRef({ id: 'u5', username: 'nina', name: 'Nina' }) }),
        makeEntry({
          id: 'f2',
          user: makeUserRef({ id: 'u6', username: 'olli', name: 'Olli' }),
          rating: { rating: 40, updatedAt: '2026-01-01T00:00:00.000Z' },
          review: null,
        }),
      ]),
    });
    renderApp('/release/r1');

    const section = (
      await screen.findByRole('heading', { name: 'From people you follow' }, SLOW)
    ).closest('section') as HTMLElement;
    const links = within(section).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/review/f1', '/olli']);
    expect(links[0]?.textContent).toContain('Rated 8.5');
    expect(links[1]?.textContent).toContain('Rated 4.0');
  });

  it('hides the followed users’ section when none of them logged the release', async () => {
    const fetchMock = mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/releases/r1': json(200, makeRelease()),
      'GET /api/entries': json(200, makeEntriesPage([])),
      'GET /api/entries/release/r1/following': json(200, []),
    });
    renderApp('/release/r1');
    expect(await screen.findByText('No reviews yet', undefined, SLOW)).toBeTruthy();
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/following'))).toBe(true),
    );
    expect(screen.queryByRole('heading', { name: 'From people you follow' })).toBeNull();
  });
});
