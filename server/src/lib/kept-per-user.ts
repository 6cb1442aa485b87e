import type { ChannelHandlers } from '../db/client';

/** The payload that names everything kept: a statement changed too many to name. */
const EVERYONE = '*';

/**
 * What an instance keeps by id (a user's, a release's) while PostgreSQL
 * announces, on a channel and when the transaction commits, the ids whose
 * kept values changed (comma-separated, or '*'): each announced id is
 * dropped, and while the instance is not listening nothing is kept.
 */
export abstract class KeptById {
  protected listening = false;

  /** Drops what is kept of these ids. */
  abstract dropIds(ids: Iterable<string>): void;

  /** Drops everything kept. */
  abstract clear(): void;

  /** A notification on the channel: ids, comma-separated, or '*'. */
  applyNotification(payload: string): void {
    if (payload === EVERYONE) this.clear();
    else this.dropIds(payload.split(','));
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

/** What an instance keeps per user, dropped by the users PostgreSQL announces (see KeptById). */
export abstract class KeptPerUser extends KeptById {
  /** Drops what is kept of these users. */
  abstract dropUsers(userIds: Iterable<string>): void;

  dropIds(ids: Iterable<string>): void {
    this.dropUsers(ids);
  }
}
