import { NotificationKind } from '@earmark/common';
import type { Notification, PagedNotifications } from '@earmark/common';
import { ben, pageFields } from '../comments/test-support';

/** Fake API answers for notification tests (the shapes come from common). */
export function makeNotification(id: string, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: NotificationKind.COMMENT,
    message: 'commented on your review of OK Computer',
    link: '/review/e1',
    read: false,
    createdAt: '2026-03-01T10:00:00.000Z',
    user: ben,
    ...overrides,
  };
}

export function notificationsPage(
  notifications: Notification[],
  {
    page = 1,
    totalPages = notifications.length > 0 ? 1 : 0,
    totalItems = notifications.length,
  } = {},
): PagedNotifications {
  return { notifications, ...pageFields(notifications.length, page, totalPages, totalItems) };
}
