/**
 * Live events: what a committed write tells connected clients (through the
 * socket server). Services record them on their unit of work; they are
 * published only after the commit, so nobody is told about a write that
 * rolled back. Stored notifications are written in the transaction itself;
 * their live push is the `notification` event.
 */
import type { Comment, CommentTargetKind, Notification } from '@earmark/common';

/** Someone started following `followedId` (never recorded for a repeated follow). */
export interface FollowEvent {
  type: 'follow';
  followerId: string;
  followedId: string;
}

/** A stored notification, pushed as `new-notification` to the room `user:{userId}`. */
export interface NotificationEvent {
  type: 'notification';
  userId: string;
  notification: Notification;
}

/** A new comment, pushed as `new-comment` to its thread's room. */
export interface CommentCreatedEvent {
  type: 'comment-created';
  comment: Comment;
}

/** A deleted comment, pushed as `delete-comment` ({ id }) to its thread's room. */
export interface CommentDeletedEvent {
  type: 'comment-deleted';
  entityType: CommentTargetKind;
  entityId: string;
  id: string;
}

/**
 * Sessions ended (logout, password change, ban, deletion): the sockets
 * opened with them are disconnected. Without `sessionIds`, every socket of
 * the user goes.
 */
export interface SessionsEndedEvent {
  type: 'sessions-ended';
  userId: string;
  sessionIds?: string[];
}

/** Every kind of live event. */
export type LiveEvent =
  FollowEvent | NotificationEvent | CommentCreatedEvent | CommentDeletedEvent | SessionsEndedEvent;

/** Delivers committed live events. */
export interface LivePublisher {
  publish(event: LiveEvent): Promise<void>;
}

/** The publisher of an app without a socket server (tests, scripts): it delivers nothing. */
export const quietPublisher: LivePublisher = {
  publish: async () => {},
};
