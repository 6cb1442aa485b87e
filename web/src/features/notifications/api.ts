import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Notification, PagedNotifications, UnreadCount } from '@earmark/common';
import { api } from '../../lib/api';
import { readAgainIfReading } from '../../lib/cache-updates';
import { notificationKeys } from '../../lib/query-keys';

export const fetchNotifications = (page: number, signal?: AbortSignal) =>
  api.get<PagedNotifications>('/notifications', { query: { page }, signal });

export const notificationsInfiniteQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId),
    queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });

export const fetchUnreadCount = (signal?: AbortSignal) =>
  api.get<UnreadCount>('/notifications/unread-count', { signal });

export const unreadCountQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: ({ signal }) => fetchUnreadCount(signal),
  });

export const markAllNotificationsRead = () => api.post<void>('/notifications/mark-all-read');

type NotificationPages = InfiniteData<PagedNotifications, number>;

/** A live notification: first on the first page, one more in the totals and in the unread count. */
export function addLiveNotification(
  queryClient: QueryClient,
  userId: string,
  notification: Notification,
) {
  let added = true;
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(userId), (data) => {
    if (!data) return data;
    if (data.pages.some((page) => page.notifications.some((n) => n.id === notification.id))) {
      added = false;
      return data;
    }
    return {
      ...data,
      pages: data.pages.map((page, index) => ({
        ...page,
        notifications: index === 0 ? [notification, ...page.notifications] : page.notifications,
        currentItems: index === 0 ? page.currentItems + 1 : page.currentItems,
        totalItems: page.totalItems + 1,
      })),
    };
  });
  if (added && !notification.read) {
    queryClient.setQueryData<UnreadCount>(notificationKeys.unread(userId), (count) =>
      count ? { count: count.count + 1 } : count,
    );
  }
  // Such as the read each new connection makes.
  readAgainIfReading(queryClient, notificationKeys.list(userId));
  readAgainIfReading(queryClient, notificationKeys.unread(userId));
}

/** What the reader now sees as read: every loaded notification, and an unread count of 0. */
export function setAllRead(queryClient: QueryClient, userId: string) {
  queryClient.setQueryData<NotificationPages>(notificationKeys.list(userId), (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((n) => (n.read ? n : { ...n, read: true })),
          })),
        }
      : data,
  );
  queryClient.setQueryData<UnreadCount>(notificationKeys.unread(userId), { count: 0 });
}
