import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { compactTime, fullDate } from '@earmark/common';
import type { Notification } from '@earmark/common';
import { Avatar } from '../../../components/avatar';
import { Drawer } from '../../../components/drawer';
import { LoadError } from '../../../components/load-failure';
import { EmptyState } from '../../../components/empty-state';
import { IconButton } from '../../../components/icon-button';
import { BellIcon } from '../../../components/icons';
import { PageSpinner } from '../../../components/spinner';
import { LoadMore } from '../../../components/load-more';
import { paths } from '../../../lib/paths';
import { notificationsInfiniteQueryOptions } from '../api';
import { useNotifications } from '../notification-provider';
import styles from './notifications-button.module.css';
import { SupporterBadge } from '../../../components/supporter-badge';

/** Notification avatars are 50px (spec: notification avatar). */
const AVATAR_PX = 50;

/**
 * The bell in the header (signed-in users only), with the unread count, and
 * its right-side drawer. Closing the drawer while something is unread marks
 * everything read: the reader has seen what is new while it was open.
 */
export function NotificationsButton() {
  const [open, setOpen] = useState(false);
  const { userId, unreadCount, markAllRead } = useNotifications();
  if (!userId) return null;

  const close = () => {
    setOpen(false);
    if (unreadCount > 0) markAllRead();
  };
  return (
    <>
      <IconButton
        label="Notifications"
        icon={<BellIcon />}
        badge={unreadCount}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      <Drawer open={open} onClose={close} title="Notifications" side="right">
        <NotificationList userId={userId} onNavigate={close} />
      </Drawer>
    </>
  );
}

function NotificationList({ userId, onNavigate }: { userId: string; onNavigate: () => void }) {
  const query = useInfiniteQuery(notificationsInfiniteQueryOptions(userId));
  if (query.isPending) return <PageSpinner label="Loading notifications" />;
  if (!query.data) {
    return (
      <LoadError
        title="Notifications could not be loaded."
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const notifications = query.data.pages.flatMap((page) => page.notifications);
  if (notifications.length === 0) {
    return <EmptyState icon={<BellIcon size={24} />} title="No new notifications" />;
  }
  return (
    <>
      <ul className={styles.list} aria-label="Notifications">
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onNavigate={onNavigate}
          />
        ))}
      </ul>
      <LoadMore query={query} what="notifications" />
    </>
  );
}

function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: Notification;
  onNavigate: () => void;
}) {
  const { user, message, link, read, createdAt } = notification;
  const profile = user ? paths.user.href(user.username) : null;
  return (
    <li className={read ? styles.item : `${styles.item} ${styles.unread}`}>
      {user && profile ? (
        <Link to={profile} onClick={onNavigate} className={styles.avatar} tabIndex={-1} aria-hidden>
          <Avatar user={user} size={AVATAR_PX} />
        </Link>
      ) : (
        <span className={styles.avatar}>
          <BellIcon size={28} />
        </span>
      )}
      <p className={styles.text}>
        {!read && <span className="visually-hidden">New: </span>}
        {user && profile && (
          <>
            <Link to={profile} onClick={onNavigate} className={styles.actor}>
              {user.name || user.username}
            </Link>
            <SupporterBadge user={user} />{' '}
          </>
        )}
        {link ? (
          <Link to={link} onClick={onNavigate} className={styles.message}>
            {message}
          </Link>
        ) : (
          message
        )}
      </p>
      <time dateTime={createdAt} title={fullDate(createdAt)} className={styles.time}>
        {compactTime(createdAt)}
      </time>
    </li>
  );
}
