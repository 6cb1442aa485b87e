/**
 * Socket rooms. The server alone puts a signed-in socket in its user's room
 * and its session's room; a client may only ask to join or leave comment
 * rooms (`{entityType}:{entityId}`), whose names can never be one of these.
 */

/** Every socket of one user: where their notifications go. */
export const userRoom = (userId: string) => `user:${userId}`;

/** Every socket opened with one session: what a sign-out disconnects. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/** How many comment rooms one socket may be in at once (a page shows a few threads). */
export const MAX_COMMENT_ROOMS = 50;

/** Joins one socket may ask for in a burst, and how fast that allowance comes back. */
export const JOIN_BURST = 20;
export const JOINS_PER_SECOND = 2;

/**
 * A token bucket: `take()` is true while the socket has joins left. A page
 * joining its threads on load fits in the burst; a script cycling through
 * rooms to probe which drafts exist is slowed to a crawl.
 */
export class JoinBudget {
  private tokens = JOIN_BURST;
  private checkedAt = Date.now();

  take(now = Date.now()): boolean {
    this.tokens = Math.min(
      JOIN_BURST,
      this.tokens + (Math.max(0, now - this.checkedAt) / 1000) * JOINS_PER_SECOND,
    );
    this.checkedAt = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
