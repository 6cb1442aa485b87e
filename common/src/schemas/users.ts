import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../constants';
import { explicitCoverArtValues } from '../enums';
import type { AccountStatus, ContributorStatus, ExplicitCoverArt, SupporterStatus } from '../enums';
import { isBlankText, maxItems, text } from './fields';
import { usernameSchema } from './auth';
import { msg } from './messages';
import type { Theme } from './theme';

export const userIdParamsSchema = z.object({ id: text('id', { min: 1, max: 64 }) });
export const usernameParamsSchema = z.object({ username: text('username', { min: 1, max: 64 }) });

export const updateProfileSchema = z.object({
  username: usernameSchema,
  /** Display name; empty (or only whitespace and zero-width characters) clears it. */
  name: text('name', { max: NAME_MAX_LENGTH })
    .trim()
    .transform((v) => (isBlankText(v) ? '' : v))
    .optional()
    .nullable(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const updatePreferencesSchema = z.object({
  allowExplicitCoverArt: z
    .array(
      z.enum(explicitCoverArtValues, {
        error: msg.oneOf('allowExplicitCoverArt', explicitCoverArtValues),
      }),
      {
        error: msg.array('allowExplicitCoverArt'),
      },
    )
    .check(maxItems('allowExplicitCoverArt', explicitCoverArtValues.length)),
});
export type UpdatePreferencesInput = z.input<typeof updatePreferencesSchema>;

export interface UserImage {
  sm: string;
  md: string;
}

/** A user as anyone may see them. */
export interface PublicUser {
  id: string;
  username: string;
  name: string | null;
  image: UserImage | null;
  supporter: SupporterStatus;
  contributorStatus: ContributorStatus;
  /** Present only when the viewer is an admin. */
  accountStatus?: AccountStatus;
  createdAt: string;
}

export interface UserCounts {
  entries: number;
  reviews: number;
  lists: number;
  followers: number;
  following: number;
}

export interface UserProfile extends PublicUser {
  counts: UserCounts;
  /** Whether the signed-in viewer follows this user (absent when signed out). */
  followedByViewer?: boolean;
}

/** The signed-in user's own account, from GET /api/users/me. */
export interface CurrentUser extends PublicUser {
  email: string;
  accountStatus: AccountStatus;
  allowExplicitCoverArt: ExplicitCoverArt[];
  theme: Theme | null;
}
