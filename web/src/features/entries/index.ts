/** What other features may use of entries: the viewer's entry on a release, and its controls. */
export { useMyEntry } from './api';
export { EntryPanel, FUTURE_RELEASE_NOTE } from './components/entry-panel';
export { EntrySummary } from './components/entry-summary';
export { RatingControl } from './components/rating-control';
export {
  TrackVoteButtons,
  TrackVoteList,
  useReleaseTrackVoting,
  useTrackVoting,
} from './components/track-votes';
export { isFutureRelease } from './release-timing';
