import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CommentTargetKind, ContributorStatus, SocketEvent } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { cara, commentsPage, makeComment } from '../test-support';
import { CommentsSection } from '..';

afterEach(() => {
  vi.unstubAllGlobals();
});

const section = (ownerId: string | null = 'u9') => [
  {
    path: '/review/e1',
    element: (
      <CommentsSection entityType={CommentTargetKind.REVIEW} entityId="e1" ownerId={ownerId} />
    ),
  },
  { path: '/elsewhere', element: <p>elsewhere</p> },
];

const thread = [
  makeComment('c2', {
    body: 'Agree with **@cara** here, ask @ben.',
    createdAt: '2026-03-02T10:00:00.000Z',
  }),
  makeComment('c1', { user: cara, body: 'First!' }),
];

async function commentList() {
  return within(await screen.findByRole('region', { name: 'Comments' })).findByRole('list');
}

const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('article')
    .map((article) => article.getAttribute('aria-label'));

describe('the comments section', () => {
  it('shows a visitor the thread in the server order, mentions as links, and a way to log in', async () => {
    const fetchMock = mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/comments': json(200, commentsPage(thread)),
    });
    renderApp('/review/e1', section());

    const list = await commentList();
    expect(names(list)).toEqual(['Comment by Ben Carter', 'Comment by cara']);
    const first = within(list).getAllByRole('article')[0]!;
    expect((await within(first).findByRole('link', { name: '@cara' })).getAttribute('href')).toBe(
      '/cara',
    );
    expect(within(first).getByRole('link', { name: '@ben' }).getAttribute('href')).toBe('/ben');
    expect(within(first).getByRole('link', { name: 'Ben Carter' }).getAttribute('href')).toBe(
      '/ben',
    );
    expect(screen.getByRole('link', { name: 'Log in to comment' }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Freview%2Fe1',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();

    const url = new URL(
      String(fetchMock.mock.calls.find(([u]) => String(u).includes('/comments'))![0]),
      'http://x',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entityType: '11',
      entityId: 'e1',
      page: '1',
    });
  });

  it('posts a comment, shows it once even when it also arrives live, and checks the body first', async () => {
    const posted: unknown[] = [];
    const mine = makeComment('c3', {
      body: 'Mine',
      user: { id: 'u1', username: 'mira', name: 'Mira Stone', image: null, supporter: 0 },
      createdAt: '2026-03-03T10:00:00.000Z',
    });
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/comments': json(200, commentsPage(thread)),
      'POST /api/comments': async (_url, init) => {
        posted.push(JSON.parse(String(init.body)));
        return json(201, mine);
      },
    });
    const { socket } = renderApp('/review/e1', section());
    const list = await commentList();

    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(
      await screen.findByText('body must be longer than or equal to 1 characters'),
    ).toBeTruthy();
    expect(posted).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Add to comments' }), 'Mine');
    await userEvent.click(screen.getByRole('button', { name: 'Post' }));
    await waitFor(() => expect(names(list)[0]).toBe('Comment by Mira Stone'));
    expect(posted).toEqual([{ entityType: 11, entityId: 'e1', body: 'Mine' }]);
    expect((screen.getByRole('textbox') as HTMLTextAreaElement).value).toBe('');

    socket.push(SocketEvent.NEW_COMMENT, mine);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(names(list)).toEqual([
      'Comment by Mira Stone',
      'Comment by Ben Carter',
      'Comment by cara',
    ]);
  });

  it('offers Delete on the viewer’s own comments only, and deletes after confirming', async () => {
    const deleted: string[] = [];
    const own = makeComment('c3', {
      body: 'Mine',
      user: { id: 'u1', username: 'mira', name: 'Mira Stone', image: null, supporter: 0 },
    });
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/comments': json(200, commentsPage([own, ...thread])),
      'DELETE /api/comments/c3': (url) => {
        deleted.push(url.pathname);
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/review/e1', section());
    const list = await commentList();
    const [mine, ...others] = within(list).getAllByRole('article');
    for (const other of others)
      expect(within(other).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(mine!).queryByRole('button', { name: 'Report' })).toBeNull();
    expect(within(others[0]!).getByRole('button', { name: 'Report' })).toBeTruthy();

    await userEvent.click(within(mine!).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toHaveLength(0);
    expect(names(list)).toHaveLength(3);

    await userEvent.click(within(mine!).getByRole('button', { name: 'Delete' }));
    const again = await screen.findByRole('dialog', { name: 'Delete this comment?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(names(list)).toEqual(['Comment by Ben Carter', 'Comment by cara']));
    expect(deleted).toEqual(['/api/comments/c3']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['the thread owner', makeUser({ id: 'u9' })],
    ['an admin', makeUser({ id: 'u5', contributorStatus: ContributorStatus.ADMIN })],
  ])('lets %s delete anyone’s comment', async (_who, viewer) => {
    mockApi({
      'GET /api/users/me': json(200, viewer),
      'GET /api/comments': json(200, commentsPage(thread)),
    });
    renderApp('/review/e1', section('u9'));
    const list = await commentList();
    expect(within(list).getAllByRole('button', { name: 'Delete' })).toHaveLength(2);
  });

  it('joins the room while shown, takes in live comments and deletions, and leaves on the way out', async () => {
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/comments': json(200, commentsPage(thread)),
    });
    const { socket, router } = renderApp('/review/e1', section());
    const list = await commentList();
    // The connection opens once the session is known, which may come after the thread.
    await waitFor(() => expect(socket.rooms).toEqual(['11:e1']));

    socket.push(
      SocketEvent.NEW_COMMENT,
      makeComment('c4', { user: cara, body: 'Live one', createdAt: '2026-03-04T10:00:00.000Z' }),
    );
    socket.push(SocketEvent.NEW_COMMENT, makeComment('x1', { entityId: 'other' }));
    await waitFor(() => expect(names(list)).toHaveLength(3));
    expect(within(list).getAllByRole('article')[0]!.textContent).toContain('Live one');
    expect(screen.queryByText('Comment x1')).toBeNull();

    socket.push(SocketEvent.DELETE_COMMENT, { id: 'c2' });
    await waitFor(() => expect(names(list)).toEqual(['Comment by cara', 'Comment by cara']));

    socket.drop();
    socket.reconnect();
    expect(socket.rooms).toEqual(['11:e1']);

    await router.navigate('/elsewhere');
    await screen.findByText('elsewhere');
    // The room is left by an effect's cleanup, which may run just after the new page shows.
    await waitFor(() => expect(socket.rooms).toEqual([]));
    expect(socket.emitted.at(-1)).toEqual([SocketEvent.LEAVE_COMMENT_ROOM, '11:e1']);
  });

  it('reads the thread again when the connection comes back, for what came while it was down', async () => {
    let shown = thread;
    const fetchMock = mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/comments': () => json(200, commentsPage(shown)),
    });
    const reads = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/comments')).length;
    const { socket } = renderApp('/review/e1', section());
    const list = await commentList();
    await waitFor(() => expect(socket.rooms).toEqual(['11:e1']));
    // The page's first connection reads nothing again: the thread was just read.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads()).toBe(1);

    socket.drop();
    shown = [makeComment('c3', { user: cara, body: 'Posted meanwhile' }), ...thread];
    socket.reconnect();
    await waitFor(() => expect(names(list)).toHaveLength(3));
    expect(within(list).getAllByRole('article')[0]!.textContent).toContain('Posted meanwhile');
    expect(reads()).toBe(2);
  });

  it('adds a live comment at the end of a thread that runs oldest first', async () => {
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/comments': json(200, commentsPage([...thread].reverse())),
    });
    const { socket } = renderApp('/review/e1', section());
    const list = await commentList();
    socket.push(
      SocketEvent.NEW_COMMENT,
      makeComment('c4', { body: 'Latest', createdAt: '2026-03-04T10:00:00.000Z' }),
    );
    await waitFor(() => expect(names(list)).toHaveLength(3));
    expect(within(list).getAllByRole('article')[2]!.textContent).toContain('Latest');
  });

  it('says so in the section when the thread cannot be loaded', async () => {
    mockApi({
      'GET /api/users/me': signedOut(),
      'GET /api/comments': json(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Boom',
      }),
    });
    renderApp('/review/e1', section());
    const region = await screen.findByRole('region', { name: 'Comments' });
    expect((await within(region).findByRole('alert')).textContent).toContain(
      'Comments could not be loaded. Boom',
    );
    expect(within(region).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
