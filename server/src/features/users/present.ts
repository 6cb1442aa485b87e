import { isAdmin } from '@earmark/common';
import type {
  AccountStatus,
  ContributorStatus,
  CurrentUser,
  PublicUser,
  SupporterStatus,
  UserImage,
  UserProfile,
  UserRef,
} from '@earmark/common';
import { users, type UserRow } from '../../db/schema/users';
import { withFields } from '../../lib/objects';

/** Public URL path under which avatar files are served. */
export const AVATAR_URL_PREFIX = '/media/avatars/';

/** Avatar URLs from the stored file names; null unless both sizes exist. */
export function avatarUrls(row: Pick<UserRow, 'imageSm' | 'imageMd'>): UserImage | null {
  if (!row.imageSm || !row.imageMd) return null;
  return { sm: AVATAR_URL_PREFIX + row.imageSm, md: AVATAR_URL_PREFIX + row.imageMd };
}

/** Viewer facts the public shape depends on (admins also see the account status). */
type Viewer = Pick<UserRow, 'contributorStatus'> | null | undefined;

/** A user as anyone may see them; `accountStatus` only for admin viewers. */
export function toPublicUser(row: UserRow, viewer?: Viewer): PublicUser {
  const user: PublicUser = {
    id: row.id,
    username: row.username,
    name: row.name,
    image: avatarUrls(row),
    supporter: row.supporter as SupporterStatus,
    contributorStatus: row.contributorStatus as ContributorStatus,
    createdAt: row.createdAt.toISOString(),
  };
  if (isAdmin(viewer)) user.accountStatus = row.accountStatus as AccountStatus;
  return user;
}

/** A profile page's user, with the counter columns. */
export function toUserProfile(row: UserRow, viewer?: Viewer): UserProfile {
  return withFields(toPublicUser(row, viewer), {
    counts: {
      entries: row.entriesCount,
      reviews: row.reviewsCount,
      lists: row.listsCount,
      followers: row.followersCount,
      following: row.followingCount,
    },
  });
}

/** The signed-in user's own account. Never carries the password hash. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return withFields(toPublicUser(row), {
    email: row.email,
    accountStatus: row.accountStatus as AccountStatus,
    allowExplicitCoverArt: row.allowExplicitCoverArt,
    theme: row.theme ?? null,
  });
}

export type UserRefColumns = Pick<
  UserRow,
  'id' | 'username' | 'name' | 'imageSm' | 'imageMd' | 'supporter'
>;

/** The columns a UserRef is made from, for queries that join `users`. */
export const userRefColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  imageSm: users.imageSm,
  imageMd: users.imageMd,
  supporter: users.supporter,
};

/** The small public form of a user that lists and entries carry. */
export function toUserRef(row: UserRefColumns): UserRef {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    image: avatarUrls(row),
    supporter: row.supporter as SupporterStatus,
  };
}
