import { ReleaseListKind, type Release, type ReleaseSummary } from '@earmark/common';
import { ALL_TAG } from './read-cache';

/** Tags of the read cache, so writers and readers spell them alike. */
export const cacheTags = {
  /** Every payload: for changes that reach across the site (a ban, a merge). */
  all: ALL_TAG,
  /** A release's community data (stats, entries, genre scores): entry and vote writes. */
  release: (id: string) => `release:${id}`,
  user: (id: string) => `user:${id}`,
  /**
   * A reader's own rows kept for them (their entries, review votes and
   * list likes: ReadCache.readerRows): their entry, vote and like writes,
   * and the removal of a review they voted on.
   */
  reader: (id: string) => `reader:${id}`,
  /** Site-wide entry lists (new reviews, top reviews...). */
  entries: 'entries',
  /** One list's page and items. */
  list: (id: string) => `list:${id}`,
  /** Every page of GET lists (any sort, owner or release). */
  lists: 'lists',
};

/** The tags a write to a list touches: its page and items, and every page of lists. */
export function listWriteTags(listId: string): string[] {
  return [cacheTags.list(listId), cacheTags.lists];
}

/**
 * Tags of what catalogue edits change, apart from the community data above,
 * so an edit drops only the pages that show the edited thing: a release's
 * page and the list pages it is on; an artist's, label's or genre's name on
 * every page that shows it; the pages of a list kind when a release may
 * move into or out of it. Rating counts on list pages may lag by up to the
 * TTL (entry writes do not drop list pages).
 */
export const catalogueTags = {
  release: (id: string) => `catalogue:release:${id}`,
  artist: (id: string) => `catalogue:artist:${id}`,
  label: (id: string) => `catalogue:label:${id}`,
  genre: (id: string) => `catalogue:genre:${id}`,
  list: (kind: ReleaseListKind) => `catalogue:list:${kind}`,
};

/**
 * The tags an entry write touches: its release, its owner (their pages and
 * their own rows as a reader) and the site-wide lists.
 */
export function entryWriteTags(releaseId: string, userId: string): string[] {
  return [
    cacheTags.release(releaseId),
    cacheTags.user(userId),
    cacheTags.reader(userId),
    cacheTags.entries,
  ];
}

/** The tags a change to a user's public face (name, avatar, tags) touches. */
export function userWriteTags(userId: string): string[] {
  return [cacheTags.user(userId), cacheTags.entries];
}

/** A release page's tags: the release, and the artists, labels and genres it shows. */
export function releasePageTags(release: Pick<Release, 'id' | 'artists' | 'labels' | 'genres'>) {
  return [
    cacheTags.release(release.id),
    catalogueTags.release(release.id),
    ...release.artists.map((a) => catalogueTags.artist(a.id)),
    ...release.labels.map((l) => catalogueTags.label(l.id)),
    ...release.genres.map((g) => catalogueTags.genre(g.id)),
  ];
}

/**
 * A release list page's tags: its kind, what it is filtered by, and each
 * release it shows with the artists on its card.
 */
export function releaseListPageTags(
  query: { type: ReleaseListKind; artistId?: string; labelId?: string; genreId?: string },
  releases: readonly Pick<ReleaseSummary, 'id' | 'artists'>[],
): string[] {
  const tags = new Set([catalogueTags.list(query.type)]);
  if (query.artistId) tags.add(catalogueTags.artist(query.artistId));
  if (query.labelId) tags.add(catalogueTags.label(query.labelId));
  if (query.genreId) tags.add(catalogueTags.genre(query.genreId));
  for (const r of releases) {
    tags.add(catalogueTags.release(r.id));
    for (const a of r.artists) tags.add(catalogueTags.artist(a.id));
  }
  return [...tags];
}

/**
 * The list kinds a release can be in, judged from its date alone (so an
 * edit drops them whatever its ratings): an unreleased one is upcoming,
 * recently added or popular (entries with tags come before the release);
 * a released or undated one can be in every kind but upcoming.
 */
export function releaseListKindsOf(release: { date: string | null }, today: string) {
  const all = Object.values(ReleaseListKind);
  if (release.date !== null && release.date > today) {
    return [ReleaseListKind.Upcoming, ReleaseListKind.RecentlyAdded, ReleaseListKind.Popular];
  }
  return all.filter((kind) => kind !== ReleaseListKind.Upcoming);
}

/**
 * What a catalogue edit of a release drops: the pages that show it, the
 * lists of every kind it could enter or leave (before and after the edit),
 * and the artists, labels and genres whose filtered lists it joins or leaves.
 */
export function releaseEditTags(edit: {
  releaseId: string;
  /** The release's dates before and after the edit. */
  dates: readonly (string | null)[];
  /** Artists, labels and genres credited before or after (only those that changed are needed). */
  artistIds?: readonly string[];
  labelIds?: readonly string[];
  genreIds?: readonly string[];
  today: string;
}): string[] {
  const kinds = new Set(edit.dates.flatMap((date) => releaseListKindsOf({ date }, edit.today)));
  return [
    catalogueTags.release(edit.releaseId),
    ...[...kinds].map(catalogueTags.list),
    ...(edit.artistIds ?? []).map(catalogueTags.artist),
    ...(edit.labelIds ?? []).map(catalogueTags.label),
    ...(edit.genreIds ?? []).map(catalogueTags.genre),
  ];
}
