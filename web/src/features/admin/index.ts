/**
 * What other features use of admin: the admin pages' navigation and gate,
 * the profile's admin tools and the lists of badge holders.
 */
export { ADMIN_PAGES, AdminNav } from './components/admin-nav';
export { AdminOnly } from './components/admin-only';
export { AdminPanel } from './components/admin-panel';
export { BadgeUsers } from './components/badge-users';
