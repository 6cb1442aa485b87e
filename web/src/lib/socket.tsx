import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { io } from 'socket.io-client';
import { SocketEvent } from '@earmark/common';
import { useCurrentUser } from './current-user';

/**
 * The live connection (socket.io at /socket.io on the site's own origin).
 *
 * Everyone connects once the session is known, visitors too: comment rooms
 * are readable without an account. The server reads the session cookie on
 * the handshake and puts a signed-in socket in its `user:{id}` room itself,
 * so the connection starts afresh whenever the signed-in user changes.
 * Rooms are joined only while connected and joined again after every
 * reconnect; socket errors are only logged.
 */

type Listener = (...args: never[]) => void;

/** The part of a socket.io client socket the app uses (tests pass a fake of the same shape). */
export interface LiveSocket {
  readonly connected: boolean;
  connect(): unknown;
  disconnect(): unknown;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener?: Listener): unknown;
}

export type SocketFactory = () => LiveSocket;

/** The browser's socket: WebSocket first (instances need no sticky sessions), long-polling if that fails. */
export const createBrowserSocket: SocketFactory = () =>
  io({
    path: '/socket.io',
    withCredentials: true,
    autoConnect: false,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  });

/** How long to wait before connecting again after the server closed the connection. */
export const SERVER_CLOSE_RETRY_MS = 3_000;

export interface SocketContextValue {
  connected: boolean;
  /** How many times the connection has opened: more than 1 once it has come back. */
  connections: number;
  /** Holds a comment room while the caller needs it; returns the function that lets it go. */
  joinRoom: (room: string) => () => void;
  /** Listens to a server event; returns the function that stops listening. */
  subscribe: <T>(event: string, listener: (payload: T) => void) => () => void;
}

const SocketContext = createContext<SocketContextValue | null>(null);

export function SocketProvider({
  children,
  createSocket = createBrowserSocket,
}: {
  children: ReactNode;
  createSocket?: SocketFactory;
}) {
  const [socket] = useState(createSocket);
  const [connected, setConnected] = useState(false);
  const [connections, setConnections] = useState(0);
  /** Rooms wanted by mounted components, with how many hold each. */
  const rooms = useRef(new Map<string, number>());
  const { user } = useCurrentUser();
  // undefined while the session loads; the handshake must carry the final cookie.
  const identity = user === undefined ? undefined : (user?.id ?? '');

  useEffect(() => {
    const onConnect = () => {
      setConnected(true);
      setConnections((n) => n + 1);
      for (const room of rooms.current.keys()) socket.emit(SocketEvent.JOIN_COMMENT_ROOM, room);
    };
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onDisconnect = (reason: string) => {
      setConnected(false);
      // socket.io comes back by itself after a lost connection, not after the
      // server closed it (a session that ended): connect again, as who we are now.
      if (reason === 'io server disconnect') {
        retry = setTimeout(() => socket.connect(), SERVER_CLOSE_RETRY_MS);
      }
    };
    const onError = (error: unknown) => console.error('Live connection error', error);
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onError);
    socket.on('error', onError);
    return () => {
      clearTimeout(retry);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onError);
      socket.off('error', onError);
    };
  }, [socket]);

  useEffect(() => {
    if (identity === undefined) return;
    socket.connect();
    return () => {
      socket.disconnect();
      setConnected(false);
    };
  }, [socket, identity]);

  const joinRoom = useCallback(
    (room: string) => {
      const held = rooms.current.get(room) ?? 0;
      rooms.current.set(room, held + 1);
      if (held === 0 && socket.connected) socket.emit(SocketEvent.JOIN_COMMENT_ROOM, room);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        const count = (rooms.current.get(room) ?? 1) - 1;
        if (count > 0) {
          rooms.current.set(room, count);
          return;
        }
        rooms.current.delete(room);
        if (socket.connected) socket.emit(SocketEvent.LEAVE_COMMENT_ROOM, room);
      };
    },
    [socket],
  );

  const subscribe = useCallback(
    <T,>(event: string, listener: (payload: T) => void) => {
      const handler = listener as Listener;
      socket.on(event, handler);
      return () => {
        socket.off(event, handler);
      };
    },
    [socket],
  );

  const value = useMemo(
    () => ({ connected, connections, joinRoom, subscribe }),
    [connected, connections, joinRoom, subscribe],
  );
  return <SocketContext.Provider value={value}>{children}</SocketContext.Provider>;
}

export function useSocket(): SocketContextValue {
  const value = useContext(SocketContext);
  if (!value) throw new Error('useSocket must be used within a SocketProvider');
  return value;
}

/** Calls `listener` for each `event` the server pushes while the caller is mounted. */
export function useSocketEvent<T>(event: string, listener: (payload: T) => void, enabled = true) {
  const { subscribe } = useSocket();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => {
    if (!enabled) return;
    return subscribe<T>(event, (payload) => latest.current(payload));
  }, [subscribe, event, enabled]);
}
