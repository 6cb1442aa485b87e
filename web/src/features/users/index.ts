/** What other features use of users: a member's public profile. */
export { useUserProfile } from './api';
