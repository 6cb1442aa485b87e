/**
 * Every enumeration of the product, with the numeric values the API uses.
 * Each is a frozen object plus a union type of its values.
 */

type ValueOf<T> = T[keyof T];

export const VoteType = { DOWN: -1, UP: 1 } as const;
export type VoteType = ValueOf<typeof VoteType>;

export const AccountStatus = {
  NOT_CONFIRMED: 10,
  CONFIRMED: 20,
  WARNED: 50,
  BANNED: 80,
  DELETED: 100,
} as const;
export type AccountStatus = ValueOf<typeof AccountStatus>;

export const ReleaseType = {
  LP: 1,
  EP: 2,
  Mixtape: 3,
  Single: 4,
  Live: 5,
  Remix: 6,
  Instrumental: 7,
  Compilation: 8,
  Cover: 9,
  Soundtrack: 10,
  DJMix: 11,
  Unofficial: 13,
  Video: 14,
  Reissue: 15,
  Other: 25,
} as const;
export type ReleaseType = ValueOf<typeof ReleaseType>;

export const releaseTypeLabels: Record<ReleaseType, string> = {
  1: 'LP',
  2: 'EP',
  3: 'Mixtape',
  4: 'Single',
  5: 'Live',
  6: 'Remix',
  7: 'Instrumental',
  8: 'Compilation',
  9: 'Cover',
  10: 'Soundtrack',
  11: 'DJ Mix',
  13: 'Unofficial',
  14: 'Video',
  15: 'Reissue',
  25: 'Other',
};

export const ExplicitCoverArt = {
  NUDITY: 'NUDITY',
  EXPLICIT_SEXUAL_CONTENT: 'EXPLICIT_SEXUAL_CONTENT',
  BLOOD_GORE: 'BLOOD_GORE',
  EXPLICIT_HATEFUL_CONTENT: 'EXPLICIT_HATEFUL_CONTENT',
} as const;
export type ExplicitCoverArt = ValueOf<typeof ExplicitCoverArt>;
export const explicitCoverArtValues = Object.values(ExplicitCoverArt) as [
  ExplicitCoverArt,
  ...ExplicitCoverArt[],
];
export const explicitCoverArtLabels: Record<ExplicitCoverArt, string> = {
  NUDITY: 'Nudity',
  EXPLICIT_SEXUAL_CONTENT: 'Explicit sexual content',
  BLOOD_GORE: 'Blood and gore',
  EXPLICIT_HATEFUL_CONTENT: 'Explicit hateful content',
};

export const ContributorStatus = {
  NOT_A_CONTRIBUTOR: 0,
  CONTRIBUTOR: 20,
  TRUSTED_CONTRIBUTOR: 40,
  EDITOR: 60,
  ADMIN: 80,
} as const;
export type ContributorStatus = ValueOf<typeof ContributorStatus>;

export const SupporterStatus = { NOT_A_SUPPORTER: 0, SUPPORTER: 10 } as const;
export type SupporterStatus = ValueOf<typeof SupporterStatus>;

export const SortBy = {
  ReviewDate: 'ReviewDate',
  ReviewTop: 'ReviewTop',
  RatingDate: 'RatingDate',
  RatingHighToLow: 'RatingHighToLow',
  RatingLowToHigh: 'RatingLowToHigh',
  EntryDate: 'EntryDate',
  ReleaseDate: 'ReleaseDate',
} as const;
export type SortBy = ValueOf<typeof SortBy>;

export const ListSortBy = { New: 'new', Popular: 'popular', UpdatedDate: 'updatedDate' } as const;
export type ListSortBy = ValueOf<typeof ListSortBy>;

export const ReleaseListKind = {
  New: 'new',
  NewPopular: 'new-popular',
  Popular: 'popular',
  Upcoming: 'upcoming',
  RecentlyAdded: 'recently-added',
  Top: 'top',
  TopOfTheYear: 'top-oty',
} as const;
export type ReleaseListKind = ValueOf<typeof ReleaseListKind>;

export const BadgeKind = { Supporter: 'supporter', Trusted: 'trusted' } as const;
export type BadgeKind = ValueOf<typeof BadgeKind>;

export const Order = { Newest: 'newest', Oldest: 'oldest' } as const;
export type Order = ValueOf<typeof Order>;

export const EntityKind = {
  Release: 'release',
  Artist: 'artist',
  Label: 'label',
  User: 'user',
  Review: 'review',
  List: 'list',
  Comment: 'comment',
} as const;
export type EntityKind = ValueOf<typeof EntityKind>;

export const ContributionTargetKind = {
  USER: 10,
  REVIEW: 11,
  LIST: 12,
  RELEASE: 20,
  RELEASE_TRACK: 21,
  ARTIST_SUBMISSION: 50,
  RELEASE_SUBMISSION: 51,
  LABEL_SUBMISSION: 52,
  GENRE_SUBMISSION: 53,
} as const;
export type ContributionTargetKind = ValueOf<typeof ContributionTargetKind>;

export const CommentTargetKind = {
  SHOUTBOX: 10,
  REVIEW: 11,
  LIST: 12,
  RELEASE: 20,
  RELEASE_TRACK: 21,
  ARTIST_SUBMISSION: 50,
  RELEASE_SUBMISSION: 51,
  LABEL_SUBMISSION: 52,
  GENRE_SUBMISSION: 53,
} as const;
export type CommentTargetKind = ValueOf<typeof CommentTargetKind>;

/** What a notification tells: an admin message, a new follower, a comment, a mention, a list like. */
export const NotificationKind = {
  OTHER: 0,
  FOLLOW: 10,
  COMMENT: 20,
  MENTION: 30,
  LIKE: 40,
} as const;
export type NotificationKind = ValueOf<typeof NotificationKind>;

export const SubmissionStatus = {
  AUTO_APPROVED: 1,
  OPEN: 2,
  APPROVED: 3,
  DISAPPROVED: 4,
  PENDING_ENTITY_DELETION: 5,
} as const;
export type SubmissionStatus = ValueOf<typeof SubmissionStatus>;

export const SubmissionMethod = { CREATE: 1, UPDATE: 2 } as const;
export type SubmissionMethod = ValueOf<typeof SubmissionMethod>;

/** Values of a numeric or string enum object, for schemas and loops. */
export function enumValues<T extends Record<string, string | number>>(e: T): T[keyof T][] {
  return Object.values(e) as T[keyof T][];
}
