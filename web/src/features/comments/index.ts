/** What other features use of comments: the thread shown under a review, list, release, track or profile. */
export { CommentsSection } from './components/comments-section';
