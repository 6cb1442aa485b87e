/** What other features use of admin: the admin pages' navigation, the profile's admin tools and the lists of badge holders. */
export { AdminNav } from './components/admin-nav';
export { AdminPanel } from './components/admin-panel';
export { BadgeUsers } from './components/badge-users';
