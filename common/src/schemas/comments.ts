import { z } from 'zod';
import { COMMENT_MAX_LENGTH } from '../constants';
import { CommentTargetKind, NotificationKind, enumValues } from '../enums';
import { msg } from './messages';
import { oneOf, queryInt, text } from './fields';
import { pageFieldsSchema } from './catalogue';
import { publicUserSchema } from './user-shapes';

/**
 * Shapes of comments, notifications and reports: people talk about releases,
 * reviews, lists, tracks, submissions and on profiles (the shoutbox), are
 * told about it, and report what breaks the rules.
 */

export const REPORT_REASON_MAX_LENGTH = 1_000;
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;
/** How many mentioned people one comment notifies at most. */
export const COMMENT_MENTIONS_MAX = 10;

const commentTargetValues = enumValues(CommentTargetKind);

/** A comment thread's kind: a number from CommentTargetKind (from a query string or a body). */
const commentTargetKind = (coerce: boolean) =>
  (coerce
    ? z.coerce.number({ error: msg.integer('entityType') })
    : z.number({ error: msg.integer('entityType') })
  ).refine((v): v is CommentTargetKind => (commentTargetValues as number[]).includes(v), {
    error: msg.oneOf('entityType', commentTargetValues),
  });

const entityId = text('entityId', { min: 1, max: 64 });

/** The person who wrote a comment or caused a notification, as a line of text shows them. */
export const actorSchema = publicUserSchema.pick({
  id: true,
  username: true,
  name: true,
  image: true,
  supporter: true,
});
export type Actor = z.infer<typeof actorSchema>;

export const commentSchema = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  entityType: z.enum(CommentTargetKind),
  entityId: z.string(),
  user: actorSchema,
});
export type Comment = z.infer<typeof commentSchema>;

/** GET comments: one thread, page by page. */
export const commentsQuerySchema = z.object({
  entityType: commentTargetKind(true),
  entityId,
  page: queryInt('page', 1, 10_000).default(1),
});
export type CommentsQuery = z.input<typeof commentsQuerySchema>;

export const pagedCommentsSchema = pageFieldsSchema.extend({ comments: z.array(commentSchema) });
export type PagedComments = z.infer<typeof pagedCommentsSchema>;

/** POST comments. */
export const createCommentSchema = z.object({
  body: text('body', { min: 1, max: COMMENT_MAX_LENGTH }),
  entityType: commentTargetKind(false),
  entityId,
});
export type CreateCommentInput = z.input<typeof createCommentSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NotificationKind),
  /** Written for people, e.g. 'commented on your review of OK Computer'. */
  message: z.string(),
  /** The site path of what it is about, e.g. '/list/abc'; null when it leads nowhere. */
  link: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** Who caused it; null for a message from the site's admins. */
  user: actorSchema.nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.object({ page: queryInt('page', 1, 10_000).default(1) });

export const pagedNotificationsSchema = pageFieldsSchema.extend({
  notifications: z.array(notificationSchema),
});
export type PagedNotifications = z.infer<typeof pagedNotificationsSchema>;

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

export const REPORT_TYPES = [
  'release',
  'artist',
  'label',
  'user',
  'review',
  'list',
  'comment',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** POST reports. */
export const createReportSchema = z.object({
  reason: text('reason', { min: 1, max: REPORT_REASON_MAX_LENGTH }),
  type: oneOf('type', REPORT_TYPES),
  id: text('id', { min: 1, max: 64 }),
});
export type CreateReportInput = z.input<typeof createReportSchema>;

export const createReportReplySchema = z.object({ id: z.string() });

/** Live socket events. */
export const SocketEvent = {
  JOIN_COMMENT_ROOM: 'join-comment-room',
  LEAVE_COMMENT_ROOM: 'leave-comment-room',
  NEW_NOTIFICATION: 'new-notification',
  NEW_COMMENT: 'new-comment',
  DELETE_COMMENT: 'delete-comment',
} as const;

/** A comment room's name: `{entityType}:{entityId}`. */
export const commentRoom = (entityType: CommentTargetKind, entityId: string) =>
  `${entityType}:${entityId}`;
