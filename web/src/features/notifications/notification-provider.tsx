import { createContext, useCallback, useContext, useEffect, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SocketEvent } from '@earmark/common';
import type { Notification } from '@earmark/common';
import { useCurrentUser } from '../../lib/current-user';
import { notificationKeys } from '../../lib/query-keys';
import { showSnackbar } from '../../lib/snackbar';
import { useSocket, useSocketEvent } from '../../lib/socket';
import {
  addLiveNotification,
  markAllNotificationsRead,
  setAllRead,
  unreadCountQueryOptions,
} from './api';

export interface NotificationsContextValue {
  /** The signed-in user's id; null when signed out (nothing to show). */
  userId: string | null;
  unreadCount: number;
  /** Marks every notification read on the server; the reader sees it at once. */
  markAllRead: () => void;
}

const NotificationsContext = createContext<NotificationsContextValue | null>(null);

/** What a live notification says in the snackbar: 'Mira Stone followed you'. */
export function notificationText(notification: Notification): string {
  const actor = notification.user;
  return actor ? `${actor.name || actor.username} ${notification.message}` : notification.message;
}

/**
 * The signed-in user's notifications: the unread count, and the live ones
 * the server pushes (added to the top of the first page, counted, and shown
 * in a snackbar).
 */
export function NotificationProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const userId = user?.id ?? null;

  const unread = useQuery({ ...unreadCountQueryOptions(userId ?? ''), enabled: userId !== null });

  useSocketEvent<Notification>(
    SocketEvent.NEW_NOTIFICATION,
    (notification) => {
      if (!userId) return;
      addLiveNotification(queryClient, userId, notification);
      showSnackbar(notificationText(notification));
    },
    userId !== null,
  );

  // What arrived while there was no connection (before the first one, or
  // during a drop) was never pushed: each connection reads the count again.
  const { connected } = useSocket();
  useEffect(() => {
    if (connected && userId) {
      void queryClient.invalidateQueries({ queryKey: [...notificationKeys.all, userId] });
    }
  }, [connected, userId, queryClient]);

  const markRead = useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: (id: string) => setAllRead(queryClient, id),
    // The server's count is the truth when the call failed.
    onError: (_error, id) =>
      void queryClient.invalidateQueries({ queryKey: notificationKeys.unread(id) }),
  });
  const { mutate } = markRead;
  const markAllRead = useCallback(() => {
    if (userId) mutate(userId);
  }, [mutate, userId]);

  const value = useMemo(
    () => ({ userId, unreadCount: userId ? (unread.data?.count ?? 0) : 0, markAllRead }),
    [userId, unread.data, markAllRead],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}

export function useNotifications(): NotificationsContextValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used within a NotificationProvider');
  return value;
}
