import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationKind, SocketEvent } from '@earmark/common';
import type { PagedNotifications } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { notificationKeys } from '../../../lib/query-keys';
import { cara } from '../../comments/test-support';
import { makeNotification, notificationsPage } from '../test-support';
import { NotificationsButton, useNotifications } from '..';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const here = [{ path: '/', element: <NotificationsButton /> }];

function mockNotifications(unread: number, page: PagedNotifications) {
  const calls = { markAllRead: 0 };
  const fetchMock = mockApi({
    'GET /api/users/me': json(200, makeUser()),
    'GET /api/notifications/unread-count': () => json(200, { count: unread }),
    'GET /api/notifications': json(200, page),
    'POST /api/notifications/mark-all-read': () => {
      calls.markAllRead += 1;
      unread = 0;
      return new Response(null, { status: 204 });
    },
  });
  return { calls, fetchMock };
}

describe('the notifications bell and drawer', () => {
  it('shows no bell to a visitor', async () => {
    const fetchMock = mockApi({ 'GET /api/users/me': signedOut() });
    renderApp('/', here);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Notifications/ })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('unread-count'))).toBe(false);
  });

  it('lists notifications with links, 50px avatars and compact times, and marks all read on close', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00.000Z'));
    const { calls } = mockNotifications(
      2,
      notificationsPage([
        makeNotification('n1'),
        makeNotification('n2', {
          kind: NotificationKind.FOLLOW,
          message: 'followed you',
          link: '/cara',
          user: cara,
          createdAt: '2026-03-01T11:55:00.000Z',
        }),
        makeNotification('n3', {
          read: true,
          kind: NotificationKind.OTHER,
          message: 'Welcome to Earmark',
          link: null,
          user: null,
          createdAt: '2025-01-01T12:00:00.000Z',
        }),
      ]),
    );
    renderApp('/', here);

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (2)' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(drawer).findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);

    const first = within(items[0]!);
    expect(first.getByRole('link', { name: 'Ben Carter' }).getAttribute('href')).toBe('/ben');
    expect(
      first
        .getByRole('link', { name: 'commented on your review of OK Computer' })
        .getAttribute('href'),
    ).toBe('/review/e1');
    expect(first.getByText('2h')).toBeTruthy();
    expect(first.getByText('New:')).toBeTruthy();
    const avatar = items[0]!.querySelector('[aria-hidden] span') as HTMLElement;
    expect(avatar.style.width).toBe('50px');

    const second = within(items[1]!);
    expect(second.getByRole('link', { name: 'cara' }).getAttribute('href')).toBe('/cara');
    expect(second.getByText('5m')).toBeTruthy();

    const third = within(items[2]!);
    expect(third.getByText('Welcome to Earmark')).toBeTruthy();
    expect(third.queryByRole('link')).toBeNull();
    expect(third.queryByText('New:')).toBeNull();
    expect(third.getByText('1Y')).toBeTruthy();
    expect(calls.markAllRead).toBe(0);

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(calls.markAllRead).toBe(1));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    // Reopened, the list reads as read without asking the server again.
    await userEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const reopened = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(reopened).getAllByRole('listitem')).toHaveLength(3);
    expect(within(reopened).queryByText('New:')).toBeNull();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.markAllRead).toBe(1);
  });

  it('does not mark anything read when nothing is unread, and says when there is nothing', async () => {
    const { calls, fetchMock } = mockNotifications(0, notificationsPage([]));
    renderApp('/', here);

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(drawer).findByText('No new notifications')).toBeTruthy();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.markAllRead).toBe(0);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('puts a live notification first, counts it and shows it in a snackbar', async () => {
    mockNotifications(0, notificationsPage([makeNotification('n1', { read: true })]));
    const { socket, queryClient } = renderApp('/', here);

    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const drawer = await screen.findByRole('dialog', { name: 'Notifications' });
    await within(drawer).findByRole('list', { name: 'Notifications' });

    socket.push(
      SocketEvent.NEW_NOTIFICATION,
      makeNotification('n2', {
        kind: NotificationKind.MENTION,
        message: 'mentioned you in a comment',
        link: '/list/l1',
        user: cara,
      }),
    );

    // The cache tells its readers a moment later.
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
    const items = within(drawer).getAllByRole('listitem');
    expect(
      within(items[0]!).getByRole('link', { name: 'mentioned you in a comment' }),
    ).toBeTruthy();
    expect(within(items[0]!).getByText('New:')).toBeTruthy();
    const page = queryClient.getQueryData<{ pages: PagedNotifications[] }>(
      notificationKeys.list('u1'),
    );
    expect(page?.pages[0]?.totalItems).toBe(2);
    expect(screen.getByRole('status').textContent).toContain('cara mentioned you in a comment');

    // The same notification twice (a reconnect replays nothing twice) counts once.
    socket.push(SocketEvent.NEW_NOTIFICATION, makeNotification('n2', { user: cara }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2);
    expect(
      queryClient.getQueryData<{ pages: PagedNotifications[] }>(notificationKeys.list('u1'))
        ?.pages[0]?.totalItems,
    ).toBe(2);
    expect(queryClient.getQueryData(notificationKeys.unread('u1'))).toEqual({ count: 1 });

    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(queryClient.getQueryData(notificationKeys.unread('u1'))).toEqual({ count: 0 });
  });

  it('counts a live notification on the bell while the drawer is closed', async () => {
    mockNotifications(1, notificationsPage([]));
    const { socket } = renderApp('/', here);
    await screen.findByRole('button', { name: 'Notifications (1)' });

    socket.push(SocketEvent.NEW_NOTIFICATION, makeNotification('n9'));
    expect(await screen.findByRole('button', { name: 'Notifications (2)' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'Ben Carter commented on your review of OK Computer',
    );
  });

  it('reads the count again after the connection comes back, for what came while it was down', async () => {
    let unread = 1;
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/notifications/unread-count': () => json(200, { count: unread }),
    });
    const { socket } = renderApp('/', here);
    await screen.findByRole('button', { name: 'Notifications (1)' });

    socket.drop();
    unread = 3;
    socket.reconnect();
    expect(await screen.findByRole('button', { name: 'Notifications (3)' })).toBeTruthy();
  });

  it('keeps a live notification that arrives while the count is being read again', async () => {
    let unread = 0;
    let holdNext = false;
    let release: (() => void) | null = null;
    mockApi({
      'GET /api/users/me': json(200, makeUser()),
      'GET /api/notifications/unread-count': () => {
        const answer = json(200, { count: unread });
        if (!holdNext) return answer;
        // A read made before the notification was stored, answered after it was pushed.
        holdNext = false;
        return new Promise<Response>((resolve) => (release = () => resolve(answer)));
      },
    });
    const { socket, queryClient } = renderApp('/', here);
    await screen.findByRole('button', { name: 'Notifications' });
    await waitFor(() =>
      expect(queryClient.getQueryState(notificationKeys.unread('u1'))?.fetchStatus).toBe('idle'),
    );

    holdNext = true;
    socket.drop();
    socket.reconnect();
    await waitFor(() => expect(release).not.toBeNull());
    unread = 1;
    socket.push(SocketEvent.NEW_NOTIFICATION, makeNotification('n7'));
    expect(await screen.findByRole('button', { name: 'Notifications (1)' })).toBeTruthy();

    act(() => release!());
    await waitFor(() =>
      expect(queryClient.getQueryState(notificationKeys.unread('u1'))?.fetchStatus).toBe('idle'),
    );
    expect(screen.getByRole('button', { name: 'Notifications (1)' })).toBeTruthy();
  });

  it('throws the spec text when used outside its provider', () => {
    function Reader() {
      useNotifications();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Reader />)).toThrow(
      'useNotifications must be used within a NotificationProvider',
    );
  });
});
