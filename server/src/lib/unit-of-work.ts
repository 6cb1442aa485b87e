/**
 * Effects after commit. A writing service opens (or joins) a unit of work,
 * writes through its transaction and records on it what must happen once the
 * transaction has committed: read-cache tags to drop, live events to push,
 * mails to send. They run only after the outermost transaction commits;
 * nothing recorded runs after a rollback, and a nested unit of work that
 * fails (its savepoint rolled back) leaves none of its effects behind.
 * Routes never run effects themselves: they call services.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import type { LiveEvent } from './live-events';
import type { MailMessage } from './mail';

export type Effect =
  | { kind: 'invalidate'; tags: readonly string[] }
  | { kind: 'event'; event: LiveEvent }
  | { kind: 'mail'; message: MailMessage };

/** What carries out the effects of a committed unit of work (one per app). */
export interface AfterCommit {
  invalidate(tags: readonly string[]): void;
  publish(event: LiveEvent): Promise<void>;
  mail(message: MailMessage): Promise<void>;
  /** An effect failed after the commit: the write stands, so it is only reported. */
  failed(err: unknown, effect: Effect): void;
}

/** The database and what runs after its commits: where a service starts a unit of work. */
export interface Writer {
  db: Db;
  afterCommit: AfterCommit;
}

export class UnitOfWork {
  private readonly recorded: Effect[] = [];

  constructor(readonly tx: Tx) {}

  /** Drops the read-cache payloads of these tags, here and on every instance. */
  invalidate(...tags: string[]): void {
    if (tags.length > 0) this.recorded.push({ kind: 'invalidate', tags });
  }

  /** Pushes a live event (notifications, counters on open pages). */
  publish(event: LiveEvent): void {
    this.recorded.push({ kind: 'event', event });
  }

  mail(message: MailMessage): void {
    this.recorded.push({ kind: 'mail', message });
  }

  /** What was recorded so far, in order. */
  get effects(): readonly Effect[] {
    return this.recorded;
  }

  /** Takes over the effects of a nested unit of work whose savepoint was released. */
  adopt(child: UnitOfWork): void {
    this.recorded.push(...child.recorded);
  }
}

/** Where a service writes: a writer (it opens the transaction) or a unit of work it joins. */
export type WriteScope = Writer | UnitOfWork;

/** The handle to read with: the unit of work's transaction, or the writer's database. */
export function readerOf(scope: WriteScope): Db | Tx {
  return scope instanceof UnitOfWork ? scope.tx : scope.db;
}

/**
 * Runs `work` in a transaction and then its effects. Given a unit of work,
 * runs inside it (a savepoint): the effects join the outer unit of work when
 * the savepoint is released and run when the outermost transaction commits.
 */
export async function transact<T>(
  scope: WriteScope,
  work: (uow: UnitOfWork) => Promise<T>,
): Promise<T> {
  if (scope instanceof UnitOfWork) {
    let child: UnitOfWork | undefined;
    const result = await scope.tx.transaction(async (tx) => {
      child = new UnitOfWork(tx);
      return work(child);
    });
    scope.adopt(child!);
    return result;
  }
  if (scope.db instanceof PgTransaction) {
    // Effects would run when the savepoint is released, before the real commit.
    throw new Error('Pass the unit of work, not its transaction, to a nested service call');
  }
  let uow: UnitOfWork | undefined;
  const result = await scope.db.transaction(async (tx) => {
    uow = new UnitOfWork(tx);
    return work(uow);
  });
  await runEffects(scope.afterCommit, uow!.effects);
  return result;
}

/**
 * Carries out committed effects in order, the invalidations first and as one
 * (one announcement to the other instances). A failing effect is reported
 * and the others still run.
 */
export async function runEffects(afterCommit: AfterCommit, effects: readonly Effect[]) {
  const tags = new Set(effects.flatMap((e) => (e.kind === 'invalidate' ? e.tags : [])));
  if (tags.size > 0) {
    try {
      afterCommit.invalidate([...tags]);
    } catch (err) {
      afterCommit.failed(err, { kind: 'invalidate', tags: [...tags] });
    }
  }
  for (const effect of effects) {
    try {
      if (effect.kind === 'event') await afterCommit.publish(effect.event);
      else if (effect.kind === 'mail') await afterCommit.mail(effect.message);
    } catch (err) {
      afterCommit.failed(err, effect);
    }
  }
}
