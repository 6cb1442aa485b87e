import { z } from 'zod';
import { AccountStatus, BadgeKind, ContributorStatus, SupporterStatus, enumValues } from '../enums';
import { msg } from './messages';
import { oneOf, queryInt, text } from './fields';
import { cursorPageFieldsSchema, pageFieldsSchema } from './catalogue';
import { actorSchema } from './comments';
import { pagingQueryShape } from './paging';
import { publicUserSchema } from './user-shapes';

/** Shapes of the admin calls (spec section 3, "Admin actions"). */

const userId = text('userId', { min: 1, max: 64 });

/** A number that must be one of a numeric enum's values, with the spec's message. */
function numericEnum<T extends Record<string, number>>(p: string, e: T) {
  const values = enumValues(e);
  return z
    .number({ error: msg.integer(p) })
    .refine((v): v is T[keyof T] => (values as number[]).includes(v), {
      error: msg.oneOf(p, values),
    });
}

export const contributorStatusInputSchema = z.object({
  userId,
  status: numericEnum('status', ContributorStatus),
});
export type ContributorStatusInput = z.input<typeof contributorStatusInputSchema>;

export const supporterStatusInputSchema = z.object({
  userId,
  supporter: numericEnum('supporter', SupporterStatus),
});
export type SupporterStatusInput = z.input<typeof supporterStatusInputSchema>;

/** Reply of the admin status calls: the user as others now see them. */
export const adminUserReplySchema = z.object({ user: publicUserSchema });
export type AdminUserReply = z.infer<typeof adminUserReplySchema>;

export const accountStatusInputSchema = z.object({
  userId,
  status: numericEnum('status', AccountStatus),
});
export type AccountStatusInput = z.input<typeof accountStatusInputSchema>;

export const LAST_ADMIN_MESSAGE = 'The last admin cannot be demoted';
export const OWN_ACCOUNT_STATUS_MESSAGE = 'You cannot change your own account status';
export const DELETED_ACCOUNT_MESSAGE = 'A deleted account cannot be changed';

export const ADMIN_MESSAGE_MAX_LENGTH = 1_000;
export const ADMIN_LINK_MAX_LENGTH = 500;

/** POST admin/user/notification: a message from the admins, with an optional link. */
export const adminNotificationInputSchema = z.object({
  userId,
  message: text('message', { min: 1, max: ADMIN_MESSAGE_MAX_LENGTH }),
  link: text('link', { min: 1, max: ADMIN_LINK_MAX_LENGTH })
    .refine((v) => v.startsWith('/') || /^https?:\/\//i.test(v), {
      error: 'link must be a path on this site (starting with /) or an http(s) address',
    })
    .nullable()
    .optional(),
});
export type AdminNotificationInput = z.input<typeof adminNotificationInputSchema>;

export const BADGE_USERS_PAGE_SIZE = 48;

/** GET users?type=supporter|trusted: the supporters, or the trusted contributors and above. */
export const badgeUsersQuerySchema = z.object({
  type: oneOf('type', enumValues(BadgeKind) as [BadgeKind, ...BadgeKind[]]),
  page: queryInt('page', 1, 200).default(1),
});
export type BadgeUsersQuery = z.input<typeof badgeUsersQuerySchema>;

export const badgeUsersPageSchema = pageFieldsSchema.extend({
  users: z.array(publicUserSchema),
});
export type BadgeUsersPage = z.infer<typeof badgeUsersPageSchema>;

export const AUDIT_PAGE_SIZE = 50;

/** What an audit entry records; other features add theirs (merge, pending deletions, reports). */
export const ADMIN_ACTIONS = [
  'contributor-status',
  'supporter-status',
  'account-status',
  'notification',
  'merge',
  'process-pending-deletion',
  'keep-pending-deletion',
  'report',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  /** The admin who acted; null once their account is gone. */
  actor: actorSchema.nullable(),
  action: z.enum(ADMIN_ACTIONS),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  ...pagingQueryShape(AUDIT_PAGE_SIZE),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditPageSchema = cursorPageFieldsSchema.extend({
  actions: z.array(auditEntrySchema),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
