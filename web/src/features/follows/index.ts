/** What other features may use of follows: the follow button and the follower lists. */
export type { FollowCacheUpdates } from './api';
export { FollowButton } from './components/follow-button';
export { FollowList } from './components/follow-list';
