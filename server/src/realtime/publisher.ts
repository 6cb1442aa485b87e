import { SocketEvent, commentRoom } from '@earmark/common';
import type { LiveEvent, LivePublisher } from '../lib/live-events';
import type { LiveServer } from './types';
import { sessionRoom, userRoom } from './rooms';

/**
 * Delivers committed live events to the sockets, on this instance and, with
 * the Redis adapter, on every other one (the adapter broadcasts room emits
 * and disconnects).
 */
export function socketPublisher(io: LiveServer): LivePublisher {
  return {
    publish: async (event: LiveEvent) => {
      switch (event.type) {
        case 'notification':
          io.to(userRoom(event.userId)).emit(SocketEvent.NEW_NOTIFICATION, event.notification);
          return;
        case 'comment-created': {
          const { comment } = event;
          io.to(commentRoom(comment.entityType, comment.entityId)).emit(
            SocketEvent.NEW_COMMENT,
            comment,
          );
          return;
        }
        case 'comment-deleted':
          io.to(commentRoom(event.entityType, event.entityId)).emit(SocketEvent.DELETE_COMMENT, {
            id: event.id,
          });
          return;
        case 'sessions-ended': {
          const rooms = event.sessionIds
            ? event.sessionIds.map(sessionRoom)
            : [userRoom(event.userId)];
          if (rooms.length > 0) io.in(rooms).disconnectSockets(true);
          return;
        }
        case 'follow':
          // The follow notification, stored with the follow, is what is pushed.
          return;
      }
    },
  };
}
