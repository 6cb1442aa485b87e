/**
 * Live events: what a committed write tells connected clients (through the
 * socket server) and the notifications feature. Services record them on
 * their unit of work; they are published only after the commit.
 */

/** Someone started following `followedId` (never recorded for a repeated follow). */
export interface FollowEvent {
  type: 'follow';
  followerId: string;
  followedId: string;
}

/** Every kind of live event; later features add theirs to this union. */
export type LiveEvent = FollowEvent;

/** Delivers committed live events. */
export interface LivePublisher {
  publish(event: LiveEvent): Promise<void>;
}

/**
 * The publisher until the socket server and stored notifications exist:
 * called after each commit, it delivers nothing.
 */
export const quietPublisher: LivePublisher = {
  publish: async () => {},
};
