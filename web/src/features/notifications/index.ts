/** What the app uses of notifications: the provider, its hook and the header bell. */
export { NotificationProvider, useNotifications } from './notification-provider';
export { NotificationsButton } from './components/notifications-button';
