import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, makeUser, mockApi } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makeReleaseSummary } from '../../releases/test-support';
import { itemsPage, makeList, makeListItem } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner = () => json(200, makeUser({ id: 'u2', username: 'ben' }));
const threeItems = () => [0, 1, 2].map((index) => makeListItem(index));
const titlesInOrder = () =>
  within(screen.getByRole('list', { name: 'Releases in this list, in order' }))
    .getAllByRole('listitem')
    .map((row) => within(row).getAllByRole('link')[0]?.textContent);
const sentBody = (init: RequestInit) => JSON.parse(String(init.body)) as unknown;

async function openEditor(routes: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/users/me': owner(),
    'GET /api/lists/l1': json(200, makeList({ itemsCount: 3 })),
    'GET /api/lists/l1/items': json(200, itemsPage(threeItems())),
    ...routes,
  });
  const app = renderApp('/list/l1/edit');
  await screen.findByRole('heading', { level: 1, name: 'Edit list' }, { timeout: 5000 });
  await screen.findByRole('list', { name: 'Releases in this list, in order' });
  return { fetchMock, ...app };
}

/** Picks up the item's move handle with Space, moves it with the arrow keys, drops it with Space. */
async function moveByKeyboard(title: string, key: '{ArrowDown}' | '{ArrowUp}', times = 1) {
  const handle = screen.getByRole('button', { name: new RegExp(`^Move ${title},`) });
  handle.focus();
  await userEvent.keyboard(' ');
  await screen.findByText(new RegExp(`Picked up ${title}`));
  // The sensor listens for the next keys from the next tick on.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  for (let i = 0; i < times; i += 1) await userEvent.keyboard(key);
  await userEvent.keyboard(' ');
}

describe('the list editor', { timeout: 20_000 }, () => {
  it('loads every page of items and shows them in order with the details', async () => {
    const items = Array.from({ length: 52 }, (_, index) => makeListItem(index));
    await openEditor({
      'GET /api/lists/l1/items': (url) => {
        const page = Number(url.searchParams.get('page'));
        const slice = items.slice((page - 1) * 50, page * 50);
        return json(200, { ...itemsPage(slice), currentPage: page, totalPages: 2 });
      },
    });

    expect(document.title).toContain('Edit Records for a rainy Sunday');
    expect((screen.getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe(
      'Records for a rainy Sunday',
    );
    expect(screen.getByRole('switch', { name: 'Display Rank' })).toHaveProperty('checked', true);
    expect(screen.getByRole('switch', { name: 'Grid Layout' })).toHaveProperty('checked', false);
    await waitFor(() => expect(titlesInOrder()).toHaveLength(52));
    expect(titlesInOrder().slice(0, 3)).toEqual(['Release 1', 'Release 2', 'Release 3']);
    expect(titlesInOrder()[51]).toBe('Release 52');
    expect(screen.getByText('52 releases')).toBeTruthy();
  });

  it('moves an item with the keyboard, announces it and sends the whole new order', async () => {
    let sent: unknown;
    const { fetchMock } = await openEditor({
      'PATCH /api/lists/l1/items': (_url, init) => {
        sent = sentBody(init);
        return new Response(null, { status: 204 });
      },
    });

    await moveByKeyboard('Release 1', '{ArrowDown}', 2);

    expect(await screen.findByText('Moved Release 1 to position 3 of 3.')).toBeTruthy();
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      items: [
        { id: 'i1', index: 0 },
        { id: 'i2', index: 1 },
        { id: 'i0', index: 2 },
      ],
    });
    expect(titlesInOrder()).toEqual(['Release 2', 'Release 3', 'Release 1']);
    expect(
      fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([url]) => url),
    ).toEqual(['/api/lists/l1/items']);
  });

  it('puts the order back and shows the server message when a move is refused', async () => {
    await openEditor({
      'PATCH /api/lists/l1/items': () =>
        json(400, {
          statusCode: 400,
          error: 'Bad Request',
          message: ['Every item of the list must be named once'],
        }),
    });

    await moveByKeyboard('Release 3', '{ArrowUp}');

    expect(await screen.findByText('Every item of the list must be named once')).toBeTruthy();
    await waitFor(() => expect(titlesInOrder()).toEqual(['Release 1', 'Release 2', 'Release 3']));
  });

  it('leaves the order alone when a keyboard move is cancelled with Escape', async () => {
    const { fetchMock } = await openEditor();
    const handle = screen.getByRole('button', { name: /^Move Release 2,/ });
    handle.focus();
    await userEvent.keyboard(' ');
    await screen.findByText(/Picked up Release 2/);
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await userEvent.keyboard('{ArrowDown}{Escape}');

    expect(
      await screen.findByText('Moving Release 2 was cancelled. It stays at position 2 of 3.'),
    ).toBeTruthy();
    expect(titlesInOrder()).toEqual(['Release 1', 'Release 2', 'Release 3']);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('saves a changed note when the field is left, clears an emptied one, and shows a refusal under it', async () => {
    const notes: unknown[] = [];
    await openEditor({
      'GET /api/lists/l1/items': json(
        200,
        itemsPage([makeListItem(0, { note: 'Old note' }), makeListItem(1)]),
      ),
      'PATCH /api/lists/l1/items/i0': (_url, init) => {
        notes.push(sentBody(init));
        return new Response(null, { status: 204 });
      },
      'PATCH /api/lists/l1/items/i1': () =>
        json(400, { statusCode: 400, error: 'Bad Request', message: 'note must be a string' }),
    });

    const first = screen.getByRole('textbox', { name: 'Note on Release 1' });
    await userEvent.click(first);
    await userEvent.tab();
    expect(notes).toEqual([]);

    await userEvent.clear(first);
    await userEvent.type(first, 'Start *here*');
    await userEvent.tab();
    await waitFor(() => expect(notes).toEqual([{ note: 'Start *here*' }]));

    await userEvent.clear(first);
    await userEvent.tab();
    await waitFor(() => expect(notes).toEqual([{ note: 'Start *here*' }, { note: null }]));

    const second = screen.getByRole('textbox', { name: 'Note on Release 2' });
    await userEvent.type(second, 'x');
    await userEvent.tab();
    await waitFor(() => expect(second.getAttribute('aria-describedby')).toMatch(/error/));
    const errorId = second.getAttribute('aria-describedby')!.split(' ')[0]!;
    expect(document.getElementById(errorId)?.textContent).toBe('note must be a string');
  });

  it('refuses a note over 5,000 characters without calling the server', async () => {
    const { fetchMock } = await openEditor();
    const note = screen.getByRole('textbox', { name: 'Note on Release 1' });
    fireEvent.change(note, { target: { value: 'a'.repeat(5001) } });
    fireEvent.blur(note);
    expect(
      await screen.findByText('note must be shorter than or equal to 5000 characters'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('removes an item and reads the list again', async () => {
    let removed = false;
    const { fetchMock } = await openEditor({
      'GET /api/lists/l1': () => json(200, makeList({ itemsCount: removed ? 2 : 3 })),
      'DELETE /api/lists/l1/items/i1': () => {
        removed = true;
        return new Response(null, { status: 204 });
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove Release 2' }));

    await waitFor(() => expect(titlesInOrder()).toEqual(['Release 1', 'Release 3']));
    expect(removed).toBe(true);
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/api/lists/l1')).toHaveLength(2),
    );
    expect(screen.getByRole('button', { name: /^Move Release 3, position 2 of 2/ })).toBeTruthy();
  });

  it('finds releases after a pause, marks those already listed and adds one at the end', async () => {
    const kidA = makeReleaseSummary({ id: 'rk', title: 'Kid A' });
    const queries: string[] = [];
    const posted: unknown[] = [];
    await openEditor({
      'GET /api/search': (url) => {
        queries.push(url.search);
        return json(200, {
          releases: [kidA, makeReleaseSummary({ id: 'r0', title: 'Release 1' })],
          releasesCount: 2,
        });
      },
      'POST /api/lists/l1/items': (_url, init) => {
        posted.push(sentBody(init));
        return json(201, { listId: 'l1', itemId: 'i9' });
      },
    });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Add releases' }), 'kid');
    const results = await screen.findByRole('list', { name: 'Releases found' });
    // One call for the whole word, after the typing pauses.
    expect(queries).toEqual(['?q=kid&type=releases&pageSize=10']);
    expect(within(results).getByText('In the list')).toBeTruthy();

    await userEvent.click(within(results).getByRole('button', { name: 'Add Kid A' }));
    await waitFor(() =>
      expect(titlesInOrder()).toEqual(['Release 1', 'Release 2', 'Release 3', 'Kid A']),
    );
    expect(posted).toEqual([{ releaseId: 'rk' }]);
    expect(within(results).getAllByText('In the list')).toHaveLength(2);
  });

  it('shows the conflict when the release was added elsewhere meanwhile', async () => {
    await openEditor({
      'GET /api/search': json(200, {
        releases: [makeReleaseSummary({ id: 'rk', title: 'Kid A' })],
        releasesCount: 1,
      }),
      'POST /api/lists/l1/items': json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'This release is already in the list',
      }),
    });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Add releases' }), 'kid');
    await userEvent.click(await screen.findByRole('button', { name: 'Add Kid A' }));
    expect(await screen.findByText('This release is already in the list')).toBeTruthy();
    expect(titlesInOrder()).toHaveLength(3);
  });

  it('publishes a draft without a body and then shows it published', async () => {
    let publishInit: RequestInit | undefined;
    await openEditor({
      'GET /api/lists/l1': json(200, makeList({ published: false, publishedAt: null })),
      'PATCH /api/lists/l1/publish': (_url, init) => {
        publishInit = init;
        return json(200, makeList());
      },
    });

    expect(screen.getByText('Draft')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Published: everyone can see this list.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(publishInit?.body).toBeUndefined();
  });

  it('deletes the list after confirming and goes to the owner’s lists', async () => {
    let deleted = false;
    const { router, queryClient } = await openEditor({
      'DELETE /api/lists/l1': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });

    await userEvent.click(screen.getByRole('button', { name: 'Delete list' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this list?' });
    expect(deleted).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/ben/lists'));
    expect(deleted).toBe(true);
    expect(queryClient.getQueryData(['lists', 'detail', 'l1'])).toBeUndefined();
  });

  it('saves the details and shows a title error under the field', async () => {
    let saved: unknown;
    await openEditor({
      'PATCH /api/lists/l1': (_url, init) => {
        saved = sentBody(init);
        return json(200, makeList({ title: 'Rainy days', description: null, grid: true }));
      },
    });

    const title = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('title must be longer than or equal to 1 characters'),
    ).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(saved).toBeUndefined();

    await userEvent.type(title, 'Rainy days');
    await userEvent.clear(screen.getByRole('textbox', { name: 'Description' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Grid Layout' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(saved).toEqual({ title: 'Rainy days', description: null, grid: true, ranked: true }),
    );
    expect(await screen.findByText('List saved')).toBeTruthy();
    expect(document.title).toContain('Edit Rainy days');
  });

  it('puts a refusal of the server under the field it names', async () => {
    await openEditor({
      'PATCH /api/lists/l1': json(400, {
        statusCode: 400,
        error: 'Bad Request',
        message: ['description must not contain NUL characters or unpaired surrogates'],
      }),
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'Description' }), ' more');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(
      screen.getAllByText('description must not contain NUL characters or unpaired surrogates')
        .length,
    ).toBeGreaterThanOrEqual(1);
  });

  it('shows someone other than the owner the not-found page', async () => {
    mockApi({
      'GET /api/users/me': json(200, makeUser({ id: 'u1' })),
      'GET /api/lists/l1': json(200, makeList()),
      'GET /api/lists/l1/items': json(200, itemsPage(threeItems())),
    });
    renderApp('/list/l1/edit');
    expect(await screen.findByText('404: Not found', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Title' })).toBeNull();
  });
});
