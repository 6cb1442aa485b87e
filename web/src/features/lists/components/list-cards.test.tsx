import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { ExplicitCoverArt } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeProfile } from '../../users/test-support';
import { makeRelease } from '../../releases/test-support';
import { listsPage, makeList } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const cover = { sm: '/c/sm.jpg', md: '/c/md.jpg', lg: '/c/lg.jpg', og: '/c/og.jpg' };

describe('list cards on a release and a profile', () => {
  it("shows the release's published lists, most liked first, hiding covers the viewer did not allow", async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/releases/r1': json(200, makeRelease({ id: 'r1', title: 'Low' })),
      'GET /api/lists': (url) => {
        asked.push(url.searchParams);
        return json(
          200,
          listsPage([
            makeList({
              covers: [
                { id: 'r1', cover, explicitCoverArt: [] },
                { id: 'r2', cover, explicitCoverArt: [Object.values(ExplicitCoverArt)[0]!] },
              ],
            }),
          ]),
        );
      },
    });
    renderApp('/release/r1/lists');

    const cards = await screen.findByRole('list', { name: 'Lists with Low' }, { timeout: 5000 });
    expect(asked[0]?.get('releaseId')).toBe('r1');
    expect(asked[0]?.get('sortBy')).toBe('popular');
    const card = within(cards).getByRole('listitem');
    expect(card.querySelectorAll('img')).toHaveLength(1);
    expect(within(card).getByText('Explicit cover')).toBeTruthy();
  });

  it('says when a release is in no list', async () => {
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/releases/r1': json(200, makeRelease({ id: 'r1' })),
      'GET /api/lists': json(200, listsPage([])),
    });
    renderApp('/release/r1/lists');
    expect(
      await screen.findByText('This release is not in any list yet', {}, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it("shows the owner their drafts with a Draft badge on the profile's lists tab", async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u2', username: 'ben' })),
      'GET /api/users/username/ben': json(200, makeProfile()),
      'GET /api/lists': (url) => {
        asked.push(url.searchParams);
        return json(
          200,
          listsPage([
            makeList({ id: 'l2', title: 'Work in progress', published: false, publishedAt: null }),
            makeList(),
          ]),
        );
      },
    });
    renderApp('/ben/lists');

    const cards = await screen.findByRole(
      'list',
      { name: 'Lists by Ben Carter' },
      { timeout: 5000 },
    );
    expect(asked[0]?.get('userId')).toBe('u2');
    const [draft, published] = within(cards).getAllByRole('listitem') as HTMLElement[];
    expect(within(draft!).getByText('Draft')).toBeTruthy();
    expect(within(published!).queryByText('Draft')).toBeNull();
    expect(screen.getByRole('link', { name: 'Lists' }).getAttribute('aria-current')).toBe('page');
  });
});
