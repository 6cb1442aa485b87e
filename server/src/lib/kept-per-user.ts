import type { ChannelHandlers } from '../db/client';

/** The payload that names every user: a statement changed too many to name. */
const EVERYONE = '*';

/**
 * What an instance keeps per user while PostgreSQL announces, on a channel
 * and when the transaction commits, the users whose kept values changed
 * (user ids, comma-separated, or '*'): each announced user is dropped, and
 * while the instance is not listening nothing is kept.
 */
export abstract class KeptPerUser {
  protected listening = false;

  /** Drops what is kept of these users. */
  abstract dropUsers(userIds: Iterable<string>): void;

  /** Drops everything kept. */
  abstract clear(): void;

  /** A notification on the channel: user ids, comma-separated, or '*'. */
  applyNotification(payload: string): void {
    if (payload === EVERYONE) this.clear();
    else this.dropUsers(payload.split(','));
  }

  /** Listening again: nothing kept from before can be trusted. */
  listeningFromNow(): void {
    this.clear();
    this.listening = true;
  }

  /** Not listening: keep nothing until listening again. */
  notListening(): void {
    this.listening = false;
    this.clear();
  }

  /** The handlers of the channel's listener (Database.listen). */
  get channelHandlers(): ChannelHandlers {
    return {
      message: (payload) => this.applyNotification(payload),
      ready: () => this.listeningFromNow(),
      lost: () => this.notListening(),
    };
  }
}
