import { z } from 'zod';
import { AccountStatus, ContributorStatus, ExplicitCoverArt, SupporterStatus } from '../enums';
import { themeSchema } from './theme';
import type { CurrentUser, PublicUser, UserCounts, UserImage, UserProfile } from './users';

/**
 * Zod forms of the user shapes the API replies with. The interfaces in
 * `users.ts` stay the names everyone imports; `satisfies` keeps each schema
 * in step with its interface, so the server's response schemas (and the
 * OpenAPI document built from them) cannot drift from the types.
 */

export const userImageSchema = z.object({
  sm: z.string(),
  md: z.string(),
}) satisfies z.ZodType<UserImage>;

export const publicUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string().nullable(),
  image: userImageSchema.nullable(),
  supporter: z.enum(SupporterStatus),
  contributorStatus: z.enum(ContributorStatus),
  accountStatus: z.enum(AccountStatus).optional(),
  createdAt: z.string(),
}) satisfies z.ZodType<PublicUser>;

export const userCountsSchema = z.object({
  entries: z.number().int(),
  reviews: z.number().int(),
  lists: z.number().int(),
  followers: z.number().int(),
  following: z.number().int(),
}) satisfies z.ZodType<UserCounts>;

export const userProfileSchema = publicUserSchema.extend({
  counts: userCountsSchema,
  followedByViewer: z.boolean().optional(),
}) satisfies z.ZodType<UserProfile>;

export const currentUserSchema = publicUserSchema.extend({
  email: z.string(),
  accountStatus: z.enum(AccountStatus),
  allowExplicitCoverArt: z.array(z.enum(ExplicitCoverArt)),
  theme: themeSchema.nullable(),
}) satisfies z.ZodType<CurrentUser>;

/** Reply of sign-up and login: the account that is now signed in. */
export const signedInReplySchema = z.object({ user: currentUserSchema });
export type SignedInReply = z.infer<typeof signedInReplySchema>;
