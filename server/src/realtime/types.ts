import type { Server, Socket } from 'socket.io';
import type { Comment, Notification } from '@earmark/common';
import type { TargetViewer } from '../features/targets/registry';

/** What a client may send. The values are the client's: checked before any use. */
export interface ClientEvents {
  'join-comment-room': (room: unknown, ack?: (joined: boolean) => void) => void;
  'leave-comment-room': (room: unknown, ack?: (left: boolean) => void) => void;
}

/** What the server pushes. */
export interface ServerEvents {
  'new-notification': (notification: Notification) => void;
  'new-comment': (comment: Comment) => void;
  'delete-comment': (deleted: { id: string }) => void;
}

/** What the handshake learned about the socket. */
export interface LiveSocketData {
  /** The signed-in viewer, or null for a visitor. */
  viewer: Exclude<TargetViewer, undefined>;
  sessionId: string | null;
}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
type NoEvents = {};

export type LiveServer = Server<ClientEvents, ServerEvents, NoEvents, LiveSocketData>;
export type LiveSocket = Socket<ClientEvents, ServerEvents, NoEvents, LiveSocketData>;
