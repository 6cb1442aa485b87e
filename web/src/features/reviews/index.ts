/** What other features may use of reviews: review and rating lists and their sort control. */
export type { ReviewSort } from './api';
export { EntryFeed } from './components/entry-feed';
export { FollowingEntries } from './components/following-entries';
export { NewReviewsSection } from './components/new-reviews-section';
export { RatingRow } from './components/rating-row';
export { ReviewList } from './components/review-list';
export { SortToggle } from './components/sort-toggle';
export { NO_REVIEWS_TEXT } from './format';
