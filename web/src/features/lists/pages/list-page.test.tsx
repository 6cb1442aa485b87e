import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { itemsPage, makeList, makeListItem } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const items = itemsPage([
  makeListItem(0, { note: 'Start *here*.' }),
  makeListItem(1, { note: null }),
]);

describe('the list page', () => {
  it('shows a visitor the title, owner, description, ranked items with notes and the likes count only', async () => {
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/lists/l1': json(200, makeList()),
      'GET /api/lists/l1/items': json(200, items),
    });
    renderApp('/list/l1');

    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Records for a rainy Sunday' },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: /Ben Carter/ }).getAttribute('href')).toBe('/ben');
    expect((await screen.findByText('mostly', {}, { timeout: 5000 })).tagName).toBe('EM');
    expect(screen.getByText('3 likes')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /like/i })).toBeNull();
    expect(screen.queryByText('Draft')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();

    const list = await screen.findByRole('list', {
      name: 'Releases in Records for a rainy Sunday',
    });
    expect(list.tagName).toBe('OL');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('1')).toBeTruthy();
    expect((await within(rows[0] as HTMLElement).findByText('here')).tagName).toBe('EM');
    expect(within(rows[1] as HTMLElement).getByText('2')).toBeTruthy();
  });

  it('lets a signed-in reader like and unlike, the count following', async () => {
    let liked = false;
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u1' })),
      'GET /api/lists/l1': () => json(200, makeList({ liked, likesCount: liked ? 4 : 3 })),
      'GET /api/lists/l1/items': json(200, items),
      'POST /api/lists/l1/likes': () => {
        liked = true;
        return json(200, { liked: true, likesCount: 4 });
      },
      'DELETE /api/lists/l1/likes': () => {
        liked = false;
        return json(200, { liked: false, likesCount: 3 });
      },
    });
    renderApp('/list/l1');

    const button = await screen.findByRole('button', { name: 'Like 3' }, { timeout: 5000 });
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toContain('3');
    await userEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Liked 4'));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await userEvent.click(button);
    await waitFor(() => expect(button.textContent).toBe('Like 3'));
    expect(button.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the owner a Draft badge, an Edit link and no like button', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u2', username: 'ben' })),
      'GET /api/lists/l1': json(
        200,
        makeList({ published: false, publishedAt: null, grid: true, ranked: false }),
      ),
      'GET /api/lists/l1/items': json(200, items),
    });
    renderApp('/list/l1');

    expect(await screen.findByText('Draft', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/list/l1/edit');
    expect(screen.queryByRole('button', { name: /like/i })).toBeNull();
    const list = await screen.findByRole('list', {
      name: 'Releases in Records for a rainy Sunday',
    });
    expect(list.tagName).toBe('UL');
    // A grid shows no notes.
    expect(within(list).queryByText('here')).toBeNull();
  });
});
