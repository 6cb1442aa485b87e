/**
 * The signed-in sessions an instance read lately, kept for a few seconds so
 * a reader's requests skip the sessions-and-users query. PostgreSQL
 * announces on SESSION_USERS_CHANNEL, when the transaction commits, every user
 * whose row or sessions changed (triggers on both tables: see migration
 * 0013), and every instance listening drops that user's sessions; while it
 * is not listening (connection lost) nothing is kept.
 */
import { KeptPerUser } from './kept-per-user';

export const SESSION_USERS_CHANNEL = 'earmark_session_users';

interface Kept<S> {
  session: S;
  userId: string;
  until: number;
}

export class SessionCache<S extends { expiresAt: Date }> extends KeptPerUser {
  private readonly kept = new Map<string, Kept<S>>();
  private readonly byUser = new Map<string, Set<string>>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {
    super();
  }

  get enabled(): boolean {
    return this.ttlMs > 0 && this.listening;
  }

  /** The kept session of this id, while neither it nor its cache time has run out. */
  get(id: string, now = Date.now()): S | null {
    const kept = this.kept.get(id);
    if (!kept) return null;
    if (kept.until <= now || kept.session.expiresAt.getTime() <= now) {
      this.drop(id);
      return null;
    }
    return kept.session;
  }

  set(id: string, userId: string, session: S, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.kept.size >= this.maxEntries) {
      const oldest = this.kept.keys().next();
      if (!oldest.done) this.drop(oldest.value);
    }
    this.drop(id);
    this.kept.set(id, { session, userId, until: now + this.ttlMs });
    let ids = this.byUser.get(userId);
    if (!ids) this.byUser.set(userId, (ids = new Set()));
    ids.add(id);
  }

  /** Drops every kept session of these users. */
  override dropUsers(userIds: Iterable<string>): void {
    for (const userId of userIds) {
      for (const id of this.byUser.get(userId) ?? []) this.kept.delete(id);
      this.byUser.delete(userId);
    }
  }

  override clear(): void {
    this.kept.clear();
    this.byUser.clear();
  }

  private drop(id: string): void {
    const kept = this.kept.get(id);
    if (!kept) return;
    this.kept.delete(id);
    const ids = this.byUser.get(kept.userId);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(kept.userId);
  }
}
