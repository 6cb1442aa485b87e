import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { listsPage, makeList } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the lists pages', () => {
  it('goes from /lists to the newest lists and shows them as cards', async () => {
    const asked: URLSearchParams[] = [];
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/lists': (url) => {
        asked.push(url.searchParams);
        return json(200, listsPage([makeList({ itemsCount: 12, likesCount: 1 })]));
      },
    });
    const { router } = renderApp('/lists');

    const cards = await screen.findByRole('list', { name: 'New lists' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/lists/new');
    expect(asked[0]?.get('sortBy')).toBe('new');
    const card = within(cards).getByRole('listitem');
    expect(
      within(card).getByRole('link', { name: 'Records for a rainy Sunday' }).getAttribute('href'),
    ).toBe('/list/l1');
    expect(within(card).getByRole('link', { name: 'Ben Carter' }).getAttribute('href')).toBe(
      '/ben',
    );
    expect(within(card).getByText('12 releases · 1 like')).toBeTruthy();
  });

  it('asks the popular lists page by page with the cursor the page before gave', async () => {
    const cursors: (string | null)[] = [];
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/lists': (url) => {
        expect(url.searchParams.get('sortBy')).toBe('popular');
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor
          ? json(200, listsPage([makeList({ id: 'l2', title: 'Second' })]))
          : json(200, listsPage([makeList()], 'next-1'));
      },
    });
    renderApp('/lists/popular');

    await userEvent.click(
      await screen.findByRole('button', { name: 'Show more' }, { timeout: 5000 }),
    );
    expect(await screen.findByRole('link', { name: 'Second' })).toBeTruthy();
    expect(cursors).toEqual([null, 'next-1']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull());
  });

  it('says when there are no lists yet', async () => {
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/lists': json(200, listsPage([])),
    });
    renderApp('/lists/new');
    expect(await screen.findByText('No lists yet', {}, { timeout: 5000 })).toBeTruthy();
  });
});
