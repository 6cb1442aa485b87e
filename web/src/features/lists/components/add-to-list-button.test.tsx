import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { List, ReleaseInMyLists } from '@earmark/common';
import { dismissSnackbar } from '../../../lib/snackbar';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { releaseRoutes } from '../../entries/test-support';
import { makeProfile } from '../../users/test-support';
import { listKeys } from '../../../lib/query-keys';
import { itemsPage, listsPage, makeList } from '../test-support';

// The release page and the control are lazy; loading them once keeps a cold first test in time.
beforeAll(async () => {
  await import('../../releases/pages/release-page');
  await import('./add-to-list-button');
}, 30_000);

afterEach(() => {
  cleanup();
  dismissSnackbar();
  vi.unstubAllGlobals();
});

const slow = { timeout: 5000 };
const me = { id: 'u1', username: 'mira', name: 'Mira Stone', image: null, supporter: 0 as const };

/**
 * A fake lists server for member u1: 'Rainy Sunday' holds release r1 (item
 * i9), the draft 'Night drives' does not. It adds, removes and creates like
 * the real one and counts the release-in-lists reads.
 */
function listsServer() {
  const lists: List[] = [
    makeList({ id: 'l1', title: 'Rainy Sunday', owner: me }),
    makeList({ id: 'l2', title: 'Night drives', owner: me, published: false, publishedAt: null }),
  ];
  let holding: ReleaseInMyLists = [{ listId: 'l1', itemId: 'i9' }];
  let nextItem = 10;
  const state = { holdingReads: 0, listQueries: [] as string[], created: [] as unknown[] };
  const add = (listId: string) => () => {
    if (holding.some((ref) => ref.listId === listId)) {
      return json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'This release is already in the list',
      });
    }
    const ref = { listId, itemId: `i${nextItem++}` };
    holding = [...holding, ref];
    return json(201, ref);
  };
  const routes = {
    'GET /api/users/me': json(200, makeUser({ id: 'u1' })),
    ...releaseRoutes(),
    'GET /api/lists': (url: URL) => {
      state.listQueries.push(url.search);
      return json(200, listsPage(lists));
    },
    'GET /api/lists/release/r1': () => {
      state.holdingReads += 1;
      return json(200, holding);
    },
    'POST /api/lists/l1/items': add('l1'),
    'POST /api/lists/l2/items': add('l2'),
    'POST /api/lists/l3/items': add('l3'),
    'DELETE /api/lists/l1/items/i9': () => {
      holding = holding.filter((ref) => ref.itemId !== 'i9');
      return new Response(null, { status: 204 });
    },
    'POST /api/lists': (_url: URL, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { title: string };
      state.created.push(body);
      lists.unshift(makeList({ id: 'l3', title: body.title, owner: me, published: false }));
      return json(201, { createList: { id: 'l3' } });
    },
  };
  return { routes, state, setHolding: (next: ReleaseInMyLists) => (holding = next) };
}

async function openPopover() {
  await userEvent.click(await screen.findByRole('button', { name: 'Add to list' }, slow));
  const menu = await screen.findByRole('menu', { name: 'Add Blue Hour to a list' });
  await within(menu).findByRole('menuitemcheckbox', { name: 'Rainy Sunday' }, slow);
  return menu;
}

const item = (menu: HTMLElement, name: string | RegExp) =>
  within(menu).getByRole('menuitemcheckbox', { name });

describe('add to list', () => {
  it("lists the member's lists, drafts too, checked where the release already is", async () => {
    const server = listsServer();
    mockApi(server.routes);
    renderApp('/release/r1');
    const menu = await openPopover();

    expect(item(menu, 'Rainy Sunday').getAttribute('aria-checked')).toBe('true');
    expect(item(menu, 'Night drives Draft').getAttribute('aria-checked')).toBe('false');
    expect(server.state.listQueries).toEqual(['?sortBy=updatedDate&userId=u1']);
    expect(within(menu).getByRole('menuitem', { name: 'New list' })).toBeTruthy();
  });

  it("loads more of the member's lists on 'Show more lists'", async () => {
    const server = listsServer();
    mockApi({
      ...server.routes,
      'GET /api/lists': (url: URL) =>
        url.searchParams.get('cursor') === 'c2'
          ? json(200, listsPage([makeList({ id: 'l7', title: 'Older one', owner: me })]))
          : json(200, listsPage([makeList({ id: 'l1', title: 'Rainy Sunday', owner: me })], 'c2')),
    });
    renderApp('/release/r1');
    const menu = await openPopover();
    expect(within(menu).queryByRole('menuitemcheckbox', { name: 'Older one' })).toBeNull();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Show more lists' }));
    expect(await within(menu).findByRole('menuitemcheckbox', { name: 'Older one' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Show more lists' })).toBeNull();
  });

  it('adds the release to an unchecked list, then refetches which lists hold it', async () => {
    const server = listsServer();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fetchMock = mockApi({
      ...server.routes,
      'POST /api/lists/l2/items': async () => {
        await answered;
        return server.routes['POST /api/lists/l2/items']();
      },
    });
    const { queryClient } = renderApp('/release/r1');
    const menu = await openPopover();
    const reads = server.state.holdingReads;
    queryClient.setQueryData(listKeys.items('l2'), { pages: [itemsPage([])], pageParams: [1] });

    const drafts = item(menu, 'Night drives Draft');
    await userEvent.click(drafts);
    expect(drafts.getAttribute('aria-disabled')).toBe('true');
    answer();
    await waitFor(() => expect(drafts.getAttribute('aria-checked')).toBe('true'));
    expect(server.state.holdingReads).toBe(reads + 1);
    expect(drafts.hasAttribute('aria-disabled')).toBe(false);
    // The list's pages of items are dropped: they no longer hold.
    expect(queryClient.getQueryData(listKeys.items('l2'))).toBeUndefined();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toContain('/api/lists/l2/items');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ releaseId: 'r1' });
  });

  it('takes the release out of a checked list by its item', async () => {
    const server = listsServer();
    const fetchMock = mockApi(server.routes);
    renderApp('/release/r1');
    const menu = await openPopover();

    const rainy = item(menu, 'Rainy Sunday');
    await userEvent.click(rainy);
    await waitFor(() => expect(rainy.getAttribute('aria-checked')).toBe('false'));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          init?.method === 'DELETE' && String(url).endsWith('/api/lists/l1/items/i9'),
      ),
    ).toBe(true);
  });

  it("shows the server's message when the release is already in the list", async () => {
    const server = listsServer();
    mockApi(server.routes);
    renderApp('/release/r1');
    const menu = await openPopover();
    // Another tab put it there meanwhile.
    server.setHolding([
      { listId: 'l1', itemId: 'i9' },
      { listId: 'l2', itemId: 'i5' },
    ]);

    const drafts = item(menu, 'Night drives Draft');
    await userEvent.click(drafts);
    expect(
      await within(screen.getAllByRole('status').at(-1) as HTMLElement).findByText(
        'This release is already in the list',
      ),
    ).toBeTruthy();
    // The check marks follow the server again.
    await waitFor(() => expect(drafts.getAttribute('aria-checked')).toBe('true'));
  });

  it('works with the keyboard: arrows move, Space toggles, Escape closes and returns', async () => {
    const server = listsServer();
    mockApi(server.routes);
    renderApp('/release/r1');
    const button = await screen.findByRole('button', { name: 'Add to list' }, slow);
    button.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const rainy = await within(menu).findByRole('menuitemcheckbox', { name: 'Rainy Sunday' }, slow);
    // Focus goes to the first list once the lists are there.
    await waitFor(() => expect(document.activeElement).toBe(rainy));
    await userEvent.keyboard('{ArrowDown}');
    const drafts = item(menu, 'Night drives Draft');
    expect(document.activeElement).toBe(drafts);
    await userEvent.keyboard(' ');
    await waitFor(() => expect(drafts.getAttribute('aria-checked')).toBe('true'));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("creates a list from 'New list' and puts the release into it, staying on the page", async () => {
    const server = listsServer();
    mockApi(server.routes);
    const { router } = renderApp('/release/r1');
    const menu = await openPopover();

    await userEvent.click(within(menu).getByRole('menuitem', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a list' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Title'));
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Autumn');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Display Rank' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.state.created).toEqual([
      { title: 'Autumn', description: null, grid: false, ranked: true },
    ]);
    const autumn = await within(menu).findByRole('menuitemcheckbox', { name: 'Autumn Draft' });
    await waitFor(() => expect(autumn.getAttribute('aria-checked')).toBe('true'));
    expect(router.state.location.pathname).toBe('/release/r1');
  });

  it('says under the title what is wrong with it, from the form and from the server', async () => {
    const server = listsServer();
    mockApi({
      ...server.routes,
      'POST /api/lists': json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: ['title must be shorter than or equal to 150 characters'],
      }),
    });
    renderApp('/release/r1');
    const menu = await openPopover();
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a list' });
    const title = within(dialog).getByLabelText('Title');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const problem = await within(dialog).findByText(
      'title must be longer than or equal to 1 characters',
    );
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(title.getAttribute('aria-describedby')).toContain(problem.id);
    expect(server.state.created).toEqual([]);

    await userEvent.type(title, 'Autumn');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const served = await within(dialog).findByText(
      'title must be shorter than or equal to 150 characters',
    );
    expect(title.getAttribute('aria-describedby')).toContain(served.id);
    expect(screen.getByRole('dialog', { name: 'Create a list' })).toBeTruthy();
  });

  it('is not offered to visitors', async () => {
    mockApi({
      ...listsServer().routes,
      'GET /api/users/me': json(401, { statusCode: 401, error: 'Unauthorized', message: 'No' }),
    });
    renderApp('/release/r1');
    expect(await screen.findByRole('link', { name: 'Log in' }, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add to list' })).toBeNull();
  });
});

describe('create a list', () => {
  it("goes to the new list's page on save from the lists page", async () => {
    const server = listsServer();
    mockApi(server.routes);
    const { router } = renderApp('/lists/new');

    await userEvent.click(await screen.findByRole('button', { name: 'Create a list' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Create a list' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Spring');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Green *ones*.');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Grid Layout' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/list/l3'));
    expect(server.state.created).toEqual([
      { title: 'Spring', description: 'Green *ones*.', grid: true, ranked: false },
    ]);
  });

  it('offers the owner of an empty lists tab to create one', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u1' })),
      'GET /api/users/username/mira': json(200, makeProfile({ id: 'u1', username: 'mira' })),
      'GET /api/lists': json(200, listsPage([])),
    });
    renderApp('/mira/lists');
    expect(await screen.findByText('No lists yet', {}, slow)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Create a list' }));
    expect(await screen.findByRole('dialog', { name: 'Create a list' })).toBeTruthy();
  });
});
