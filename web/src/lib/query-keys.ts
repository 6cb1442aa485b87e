/**
 * Every query key of the app: one factory per feature, named after the API
 * it caches. Keys are built here and nowhere else, so a feature that must
 * refresh or update another feature's answers (an entry change shows on
 * release lists) names them through the factory instead of by hand.
 *
 * Keys nest: each factory's `all` is the prefix of all its keys, and a list
 * key's prefix (`lists()`) holds every list of that shape, so one
 * `invalidateQueries` or `setQueriesData` reaches exactly the queries meant.
 */

export const sessionKeys = {
  /** The signed-in user (GET users/me). */
  me: () => ['users', 'me'] as const,
};

export const authKeys = {
  confirm: (token: string) => ['auth', 'confirm', token] as const,
};

export const userKeys = {
  all: ['users'] as const,
  /** Every cached profile; changes to an account invalidate all of them. */
  profiles: () => [...userKeys.all, 'username'] as const,
  /** Usernames are unique regardless of case, so '/Ana' and '/ana' share one entry. */
  profile: (username: string) => [...userKeys.profiles(), username.toLowerCase()] as const,
  /** Supporters or trusted contributors, page by page (infinite BadgeUsersPage). */
  badge: (type: string) => [...userKeys.all, 'badge', type] as const,
};

export const followKeys = {
  /** Every follower and following list. */
  all: ['follows'] as const,
  list: (userId: string, kind: string) => [...followKeys.all, userId, kind] as const,
};

export const releaseKeys = {
  all: ['releases'] as const,
  /** First pages of release lists (PagedReleases). */
  pages: () => [...releaseKeys.all, 'page'] as const,
  page: (filter: object, pageSize: number) => [...releaseKeys.pages(), filter, pageSize] as const,
  /** Whole release lists, page by page (infinite PagedReleases). */
  lists: () => [...releaseKeys.all, 'infinite'] as const,
  list: (filter: object) => [...releaseKeys.lists(), filter] as const,
  detail: (id: string) => [...releaseKeys.all, 'detail', id] as const,
};

export const artistKeys = {
  all: ['artists'] as const,
  /** Artists with their releases. */
  details: () => [...artistKeys.all, 'detail'] as const,
  detail: (id: string) => [...artistKeys.details(), id] as const,
};

export const labelKeys = {
  detail: (id: string) => ['labels', 'detail', id] as const,
};

export const genreKeys = {
  all: ['genres'] as const,
  detail: (id: string) => [...genreKeys.all, 'detail', id] as const,
  releaseVotes: (releaseId: string) => [...genreKeys.all, 'release', releaseId] as const,
};

/**
 * Everything read from the entries API starts with 'entries', so invalidating
 * `entryKeys.all` after an entry changes (rating, review, removal) refreshes
 * every list, page and count built from entries.
 */
export const entryKeys = {
  all: ['entries'] as const,
  /** The viewer's entry on a release (Entry | null); actions on it carry `release(id)`. */
  release: (releaseId: string) => [...entryKeys.all, 'release', releaseId] as const,
  mine: (releaseId: string) => [...entryKeys.release(releaseId), 'me'] as const,
  /** First pages of entry lists (PagedEntries). */
  pages: () => [...entryKeys.all, 'page'] as const,
  page: (filter: object) => [...entryKeys.pages(), filter] as const,
  /** Whole entry lists, page by page (infinite PagedEntries). */
  lists: () => [...entryKeys.all, 'infinite'] as const,
  list: (filter: object) => [...entryKeys.lists(), filter] as const,
  /** One entry (its review page). */
  details: () => [...entryKeys.all, 'detail'] as const,
  detail: (id: string) => [...entryKeys.details(), id] as const,
  /** The entries of followed people on a release (Entry[]). */
  followings: () => [...entryKeys.all, 'following'] as const,
  following: (releaseId: string) => [...entryKeys.followings(), releaseId] as const,
  /** One user's own tags (Tag[]) and statistics. */
  user: (userId: string) => [...entryKeys.all, 'user', userId] as const,
  tags: (userId: string) => [...entryKeys.user(userId), 'tags'] as const,
  userStats: (userId: string, kind: string) => [...entryKeys.user(userId), 'stats', kind] as const,
  /** Profiles' entry lists, page by page (infinite PagedEntries). */
  userLists: () => [...entryKeys.all, 'user-list'] as const,
  userList: (userId: string, query: object, pageSize: number) =>
    [...entryKeys.userLists(), userId, query, pageSize] as const,
};

export const listKeys = {
  all: ['lists'] as const,
  /** Lists of lists, page by page (infinite PagedLists), by their query. */
  browses: () => [...listKeys.all, 'infinite'] as const,
  browse: (query: object) => [...listKeys.browses(), query] as const,
  /** One list (List). */
  details: () => [...listKeys.all, 'detail'] as const,
  detail: (id: string) => [...listKeys.details(), id] as const,
  /** A list's items, page by page (infinite PagedListItems). */
  items: (id: string) => [...listKeys.all, 'items', id] as const,
  /** Every item of a list at once, for its editor (ListItem[]); under `items(id)`. */
  allItems: (id: string) => [...listKeys.items(id), 'all'] as const,
  /** The signed-in user's lists holding a release (ReleaseInMyLists). */
  releasesInMyLists: () => [...listKeys.all, 'release'] as const,
  releaseInMyLists: (releaseId: string) => [...listKeys.releasesInMyLists(), releaseId] as const,
  /** The list editor's release picker: releases matching a text (SearchReply). */
  releasePicker: (q: string) => [...listKeys.all, 'release-picker', q] as const,
};

/** Search replies (SearchReply), by the text and what was asked of it. */
export const searchKeys = {
  all: ['search'] as const,
  /** The header dropdown and the combined page: every type, the first few of each. */
  combined: (q: string, pageSize: number) => [...searchKeys.all, 'combined', q, pageSize] as const,
  /** One type, page by page (infinite SearchReply). */
  type: (type: string, q: string) => [...searchKeys.all, 'type', type, q] as const,
};

export const commentKeys = {
  all: ['comments'] as const,
  /** One thread, page by page (infinite PagedComments), by its target kind and id. */
  thread: (entityType: number, entityId: string) =>
    [...commentKeys.all, entityType, entityId] as const,
};

/** The signed-in user's notifications; keyed by the user so an account switch never shows another's. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** Page by page (infinite PagedNotifications), newest first. */
  list: (userId: string) => [...notificationKeys.all, userId, 'list'] as const,
  /** UnreadCount. */
  unread: (userId: string) => [...notificationKeys.all, userId, 'unread'] as const,
};

/**
 * Contributions: submission lists by kind and filter, one submission, an
 * entity's history and a member's counts. Everything starts with
 * 'submissions', so a vote or a discard can reach every list at once.
 */
export const submissionKeys = {
  all: ['submissions'] as const,
  /** Lists of submissions, page by page (infinite SubmissionsPage). */
  lists: () => [...submissionKeys.all, 'list'] as const,
  list: (kind: string, filter: object) => [...submissionKeys.lists(), kind, filter] as const,
  /** One submission with its diff (SubmissionDetail). */
  details: () => [...submissionKeys.all, 'detail'] as const,
  detail: (kind: string, id: string) => [...submissionKeys.details(), kind, id] as const,
  /** An entity's applied changes, page by page (infinite HistoryPage). */
  history: (kind: string, id: string) => [...submissionKeys.all, 'history', kind, id] as const,
  /** A member's counts by kind and status (UserContributions). */
  userCounts: (userId: string) => [...submissionKeys.all, 'user', userId] as const,
  /** Every pending deletion with what processing removes (PendingDeletionImpact). */
  pendingDeletionImpact: () => [...submissionKeys.all, 'pending-deletions'] as const,
};

/** What the contribution forms read besides the entities: the languages and the pickers' searches. */
export const contributionFormKeys = {
  all: ['contribution-forms'] as const,
  /** Every language (Language[]). */
  languages: () => [...contributionFormKeys.all, 'languages'] as const,
  /** A picker's matches of one type for a text (SearchReply). */
  picker: (type: string, q: string) => [...contributionFormKeys.all, 'picker', type, q] as const,
};

/** What an admin merge would move (MergeReply), by kind and the two ids. */
export const mergeKeys = {
  all: ['merge'] as const,
  preview: (entityType: string, fromId: string, intoId: string) =>
    [...mergeKeys.all, 'preview', entityType, fromId, intoId] as const,
};

/** What admins read: the reports queue and the audit log. */
export const adminKeys = {
  all: ['admin'] as const,
  /** Reports in one status, page by page (infinite ReportsPage). */
  reportLists: () => [...adminKeys.all, 'reports'] as const,
  reports: (status: string) => [...adminKeys.reportLists(), status] as const,
  /** The audit log, page by page (infinite AuditPage). */
  audit: () => [...adminKeys.all, 'audit'] as const,
};
