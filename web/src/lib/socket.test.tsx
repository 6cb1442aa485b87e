import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { SocketEvent } from '@earmark/common';
import { json, makeUser, mockApi, signedOut } from '../test/fetch-mock';
import { renderApp } from '../test/render-app';
import { SERVER_CLOSE_RETRY_MS, useSocket } from './socket';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Holds one room while mounted and says whether the connection is up. */
function RoomHolder({ room }: { room: string }) {
  const { connected, joinRoom } = useSocket();
  useEffect(() => joinRoom(room), [joinRoom, room]);
  return <p>{connected ? 'connected' : 'disconnected'}</p>;
}

describe('the live connection', () => {
  it('connects visitors too, joins rooms only while connected and joins them again after a reconnect', async () => {
    mockApi({ 'GET /api/users/me': signedOut() });
    const { socket } = renderApp('/', [{ path: '/', element: <RoomHolder room="12:l1" /> }]);

    expect(await screen.findByText('connected')).toBeTruthy();
    expect(socket.rooms).toEqual(['12:l1']);

    socket.drop();
    expect(await screen.findByText('disconnected')).toBeTruthy();
    const sent = socket.emitted.length;
    expect(socket.rooms).toEqual([]);

    socket.reconnect();
    expect(await screen.findByText('connected')).toBeTruthy();
    expect(socket.rooms).toEqual(['12:l1']);
    expect(socket.emitted.slice(sent)).toEqual([[SocketEvent.JOIN_COMMENT_ROOM, '12:l1']]);
  });

  it('keeps a room held by two parts of the page until both let go', async () => {
    mockApi({ 'GET /api/users/me': json(200, makeUser()) });
    const { socket, router } = renderApp('/', [
      {
        path: '/',
        element: (
          <>
            <RoomHolder room="20:r1" />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <RoomHolder room="20:r1" /> },
          { path: 'other', element: <p>other</p> },
        ],
      },
      { path: '/away', element: <p>away</p> },
    ]);
    await screen.findAllByText('connected');
    expect(socket.emitted).toEqual([[SocketEvent.JOIN_COMMENT_ROOM, '20:r1']]);

    await router.navigate('/other');
    await screen.findByText('other');
    expect(socket.rooms).toEqual(['20:r1']);
    expect(socket.emitted).toHaveLength(1);

    await router.navigate('/away');
    await screen.findByText('away');
    // Rooms are left by effect cleanups, which may run just after the new page shows.
    await waitFor(() => expect(socket.rooms).toEqual([]));
    expect(socket.emitted.at(-1)).toEqual([SocketEvent.LEAVE_COMMENT_ROOM, '20:r1']);
  });

  it('connects again, with its rooms, after the server closed the connection', async () => {
    mockApi({ 'GET /api/users/me': json(200, makeUser()) });
    const { socket } = renderApp('/', [{ path: '/', element: <RoomHolder room="12:l1" /> }]);
    await screen.findByText('connected');
    vi.useFakeTimers();
    try {
      socket.drop('io server disconnect');
      expect(socket.connected).toBe(false);
      act(() => vi.advanceTimersByTime(SERVER_CLOSE_RETRY_MS));
      expect(socket.connects).toBe(2);
      expect(socket.rooms).toEqual(['12:l1']);
    } finally {
      vi.useRealTimers();
    }
    expect(await screen.findByText('connected')).toBeTruthy();
  });

  it('only logs a socket error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/users/me': signedOut() });
    const { socket } = renderApp('/', [{ path: '/', element: <RoomHolder room="10:u1" /> }]);
    await screen.findByText('connected');
    socket.push('connect_error', new Error('refused'));
    expect(logged).toHaveBeenCalledWith('Live connection error', expect.any(Error));
    expect(screen.getByText('connected')).toBeTruthy();
  });

  it('throws the spec text when used outside its provider', () => {
    function Reader() {
      useSocket();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Reader />)).toThrow('useSocket must be used within a SocketProvider');
  });
});
