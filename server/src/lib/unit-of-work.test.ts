import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { follows } from '../db/schema/follows';
import type { UserRow } from '../db/schema/users';
import { follow } from '../features/follows/service';
import { call, members, ok } from '../features/entries/test-support';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { createUsers } from '../../test/catalogue-factories';
import type { LiveEvent } from './live-events';
import { transact, type AfterCommit, type Effect, type Writer } from './unit-of-work';

/** A writer on the test database whose after-commit side writes down what ran. */
function recordingWriter(t: TestApp) {
  const ran: Effect[] = [];
  const failures: unknown[] = [];
  const afterCommit: AfterCommit = {
    invalidate: (tags) => void ran.push({ kind: 'invalidate', tags }),
    publish: async (event) => void ran.push({ kind: 'event', event }),
    mail: async (message) => void ran.push({ kind: 'mail', message }),
    failed: (err) => void failures.push(err),
  };
  const writer: Writer = { db: t.db, afterCommit };
  return { writer, ran, failures, afterCommit };
}

const isNotification = (e: Effect) => e.kind === 'event' && e.event.type === 'notification';
/** The effects other than the notification pushes, which the next helper checks. */
const withoutNotifications = (ran: Effect[]) => ran.filter((e) => !isNotification(e));
/** Whom the notification pushes went to, in order. */
const notified = (ran: Effect[]) =>
  ran.flatMap((e) =>
    e.kind === 'event' && e.event.type === 'notification' ? [e.event.userId] : [],
  );

describe('unit of work: effects after commit', () => {
  let t: TestApp;
  const published: LiveEvent[] = [];
  beforeAll(async () => {
    t = await buildTestApp({
      deps: { publisher: { publish: async (event) => void published.push(event) } },
    });
  });
  afterAll(async () => t?.close());

  const followRow = async (a: UserRow, b: UserRow) =>
    t.db
      .select()
      .from(follows)
      .where(and(eq(follows.followerId, a.id), eq(follows.followingId, b.id)));

  it("runs a service's effects once its transaction has committed", async () => {
    const [a, b] = await createUsers(t.db, 2);
    const { writer, ran } = recordingWriter(t);
    await follow(writer, a!, b!.id);
    expect(withoutNotifications(ran)).toEqual([
      { kind: 'invalidate', tags: [`user:${a!.id}`, `user:${b!.id}`] },
      { kind: 'event', event: { type: 'follow', followerId: a!.id, followedId: b!.id } },
    ]);
    expect(notified(ran)).toEqual([b!.id]);
    // Following again changes nothing, so there is nothing to tell.
    ran.length = 0;
    await follow(writer, a!, b!.id);
    expect(ran).toEqual([]);
  });

  it('runs nothing after a rollback', async () => {
    const [a, b] = await createUsers(t.db, 2);
    const { writer, ran } = recordingWriter(t);
    await expect(
      transact(writer, async (uow) => {
        await follow(uow, a!, b!.id);
        uow.mail({ to: 'x@example.com', subject: 's', text: 't' });
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    expect(ran).toEqual([]);
    expect(await followRow(a!, b!)).toEqual([]);
  });

  it('gathers nested service calls on one unit of work and runs them after the outer commit', async () => {
    const [a, b, c] = await createUsers(t.db, 3);
    const { writer, ran } = recordingWriter(t);
    await transact(writer, async (uow) => {
      await follow(uow, a!, b!.id);
      await follow(uow, a!, c!.id);
      // Nothing has run while the transaction is open.
      expect(ran).toEqual([]);
      expect(uow.effects).toHaveLength(6);
    });
    // The invalidations went out together, each tag once.
    expect(notified(ran)).toEqual([b!.id, c!.id]);
    expect(withoutNotifications(ran)).toEqual([
      { kind: 'invalidate', tags: [`user:${a!.id}`, `user:${b!.id}`, `user:${c!.id}`] },
      { kind: 'event', event: { type: 'follow', followerId: a!.id, followedId: b!.id } },
      { kind: 'event', event: { type: 'follow', followerId: a!.id, followedId: c!.id } },
    ]);
  });

  it('drops the effects of a nested unit of work that failed, and keeps the rest', async () => {
    const [a, b, c] = await createUsers(t.db, 3);
    const { writer, ran } = recordingWriter(t);
    await transact(writer, async (uow) => {
      await follow(uow, a!, b!.id);
      await transact(uow, async (inner) => {
        await follow(inner, a!, c!.id);
        throw new Error('inner step failed');
      }).catch(() => undefined);
    });
    expect(notified(ran)).toEqual([b!.id]);
    expect(withoutNotifications(ran)).toEqual([
      { kind: 'invalidate', tags: [`user:${a!.id}`, `user:${b!.id}`] },
      { kind: 'event', event: { type: 'follow', followerId: a!.id, followedId: b!.id } },
    ]);
    expect(await followRow(a!, b!)).toHaveLength(1);
    expect(await followRow(a!, c!)).toEqual([]);
  });

  it('reports a failing effect and still runs the others', async () => {
    const [a, b] = await createUsers(t.db, 2);
    const { writer, ran, failures, afterCommit } = recordingWriter(t);
    afterCommit.publish = async () => {
      throw new Error('socket server down');
    };
    await transact(writer, async (uow) => {
      await follow(uow, a!, b!.id);
      uow.mail({ to: 'x@example.com', subject: 's', text: 't' });
    });
    // Both pushes (the follow and its notification) failed and were reported.
    expect(failures).toHaveLength(2);
    expect(ran.map((e) => e.kind)).toEqual(['invalidate', 'mail']);
  });

  it('refuses a bare transaction, whose commit is not the real one', async () => {
    const [a, b] = await createUsers(t.db, 2);
    const { afterCommit } = recordingWriter(t);
    await expect(
      t.db.transaction((tx) => follow({ db: tx, afterCommit }, a!, b!.id)),
    ).rejects.toThrow('Pass the unit of work');
  });

  it("publishes the follow event through the app's publisher", async () => {
    const [a, b] = await members(t, 2);
    await ok(call(t, a!, 'POST', `/users/${b!.user.id}/following`));
    expect(published).toContainEqual({
      type: 'follow',
      followerId: a!.user.id,
      followedId: b!.user.id,
    });
  });
});
