import { ALL_TAG } from './read-cache';

/** Tags of the read cache, so writers and readers spell them alike. */
export const cacheTags = {
  /** Every payload: for changes that reach across the site (a ban, a merge). */
  all: ALL_TAG,
  release: (id: string) => `release:${id}`,
  user: (id: string) => `user:${id}`,
  /** Site-wide entry lists (new reviews, top reviews...). */
  entries: 'entries',
  /**
   * Everything read from the catalogue (release pages and lists): catalogue
   * edits invalidate it; rating counts on lists may lag by up to the TTL.
   */
  catalogue: 'catalogue',
};

/** The tags an entry write touches: its release, its owner and the site-wide lists. */
export function entryWriteTags(releaseId: string, userId: string): string[] {
  return [cacheTags.release(releaseId), cacheTags.user(userId), cacheTags.entries];
}

/** The tags a change to a user's public face (name, avatar, tags) touches. */
export function userWriteTags(userId: string): string[] {
  return [cacheTags.user(userId), cacheTags.entries];
}
