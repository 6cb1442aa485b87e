import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { AccountStatus, CommentTargetKind, commentRoom, type Notification } from '@earmark/common';
import { buildTestApp, createUser, login, TEST_ORIGIN, type TestApp } from '../../test/helpers';
import { call } from '../features/auth/test-support';
import { member, type Member } from '../features/entries/test-support';
import { makeList } from '../features/lists/test-support';
import { changeAccountStatus } from '../features/users/service';
import { JOIN_BURST } from './rooms';
import { LIVE_MAX_MESSAGE_BYTES } from './server';
import {
  aComment,
  aNotification,
  collect,
  connect,
  disconnected,
  emitRoom,
  listen,
  nextEvent,
  publish,
  quietPeriod,
} from './test-support';

let t: TestApp;
let baseUrl: string;
const open: Socket[] = [];

/** A connected client, closed after the test. */
async function client(opts: Parameters<typeof connect>[1] = {}): Promise<Socket> {
  const socket = await connect(baseUrl, opts);
  open.push(socket);
  return socket;
}

const notify = (userId: string, notification: Notification = aNotification()) =>
  publish(t.app, { type: 'notification', userId, notification });

beforeAll(async () => {
  t = await buildTestApp();
  baseUrl = await listen(t.app);
});
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => {
  await t?.close();
});

describe('notifications on the live connection', () => {
  it('reach the signed-in sockets of their user, and no visitor', async () => {
    const alice = await member(t);
    const aliceSocket = await client({ cookie: alice.cookie });
    const visitor = await client();
    const visitorGot = collect(visitor, 'new-notification');

    const sent = aNotification('started following you');
    const arriving = nextEvent<Notification>(aliceSocket, 'new-notification');
    await notify(alice.user.id, sent);
    expect(await arriving).toEqual(sent);
    await quietPeriod();
    expect(visitorGot).toEqual([]);
  });

  it("never reach another user's socket", async () => {
    const [alice, bob] = [await member(t), await member(t)];
    const aliceSocket = await client({ cookie: alice.cookie });
    const bobSocket = await client({ cookie: bob.cookie });
    const bobGot = collect(bobSocket, 'new-notification');

    const arriving = nextEvent(aliceSocket, 'new-notification');
    await notify(alice.user.id);
    await arriving;
    await quietPeriod();
    expect(bobGot).toEqual([]);
  });

  it("cannot be listened to by joining someone's user or session room", async () => {
    const [alice, bob] = [await member(t), await member(t)];
    const aliceSocket = await client({ cookie: alice.cookie });
    const bobSocket = await client({ cookie: bob.cookie });
    const visitor = await client();
    const bobGot = collect(bobSocket, 'new-notification');
    const visitorGot = collect(visitor, 'new-notification');

    for (const socket of [bobSocket, visitor]) {
      expect(await emitRoom(socket, 'join-comment-room', `user:${alice.user.id}`)).toBe(false);
      expect(await emitRoom(socket, 'join-comment-room', `session:${alice.user.id}`)).toBe(false);
    }
    const arriving = nextEvent(aliceSocket, 'new-notification');
    await notify(alice.user.id);
    await arriving;
    await quietPeriod();
    expect(bobGot).toEqual([]);
    expect(visitorGot).toEqual([]);
  });

  it('treats an unknown or stale session cookie as a visitor', async () => {
    const alice = await member(t);
    const stale = await client({ cookie: 'earmark_session=not-a-real-token' });
    const got = collect(stale, 'new-notification');
    const aliceSocket = await client({ cookie: alice.cookie });
    const arriving = nextEvent(aliceSocket, 'new-notification');
    await notify(alice.user.id);
    await arriving;
    await quietPeriod();
    expect(got).toEqual([]);
    // A visitor may still follow public threads.
    expect(await emitRoom(stale, 'join-comment-room', `10:${alice.user.id}`)).toBe(true);
  });
});

describe('comment rooms', () => {
  it('deliver new and deleted comments of a readable thread to those who joined', async () => {
    const owner = await member(t);
    const room = commentRoom(CommentTargetKind.SHOUTBOX, owner.user.id);
    const visitor = await client();
    const reader = await client({ cookie: (await member(t)).cookie });
    const bystander = await client();
    const bystanderGot = collect(bystander, 'new-comment');

    expect(await emitRoom(visitor, 'join-comment-room', room)).toBe(true);
    expect(await emitRoom(reader, 'join-comment-room', room)).toBe(true);

    const comment = aComment(CommentTargetKind.SHOUTBOX, owner.user.id);
    const toVisitor = nextEvent(visitor, 'new-comment');
    const toReader = nextEvent(reader, 'new-comment');
    await publish(t.app, { type: 'comment-created', comment });
    expect(await toVisitor).toEqual(comment);
    expect(await toReader).toEqual(comment);

    const deleted = nextEvent(visitor, 'delete-comment');
    await publish(t.app, {
      type: 'comment-deleted',
      entityType: CommentTargetKind.SHOUTBOX,
      entityId: owner.user.id,
      id: comment.id,
    });
    expect(await deleted).toEqual({ id: comment.id });
    expect(bystanderGot).toEqual([]);
  });

  it('stop once left', async () => {
    const owner = await member(t);
    const room = commentRoom(CommentTargetKind.SHOUTBOX, owner.user.id);
    const leaving = await client();
    const staying = await client();
    await emitRoom(leaving, 'join-comment-room', room);
    await emitRoom(staying, 'join-comment-room', room);
    expect(await emitRoom(leaving, 'leave-comment-room', room)).toBe(true);
    const leftGot = collect(leaving, 'new-comment');

    const arriving = nextEvent(staying, 'new-comment');
    await publish(t.app, {
      type: 'comment-created',
      comment: aComment(CommentTargetKind.SHOUTBOX, owner.user.id),
    });
    await arriving;
    await quietPeriod();
    expect(leftGot).toEqual([]);
  });

  it("refuse someone else's draft list, and open it to its owner", async () => {
    const owner = await member(t);
    const other = await member(t);
    const listId = await makeList(t, owner);
    const room = commentRoom(CommentTargetKind.LIST, listId);
    const ownerSocket = await client({ cookie: owner.cookie });
    const otherSocket = await client({ cookie: other.cookie });
    const visitor = await client();
    const otherGot = collect(otherSocket, 'new-comment');
    const visitorGot = collect(visitor, 'new-comment');

    expect(await emitRoom(otherSocket, 'join-comment-room', room)).toBe(false);
    expect(await emitRoom(visitor, 'join-comment-room', room)).toBe(false);
    expect(await emitRoom(ownerSocket, 'join-comment-room', room)).toBe(true);

    const arriving = nextEvent(ownerSocket, 'new-comment');
    await publish(t.app, {
      type: 'comment-created',
      comment: aComment(CommentTargetKind.LIST, listId),
    });
    await arriving;
    await quietPeriod();
    expect(otherGot).toEqual([]);
    expect(visitorGot).toEqual([]);
  });

  it('refuse threads that do not exist and names that are not comment rooms', async () => {
    const visitor = await client();
    for (const name of ['12:no-such-list', '10:nobody', '99:x', 'lobby', 42, null, { room: 'x' }]) {
      expect(await emitRoom(visitor, 'join-comment-room', name)).toBe(false);
    }
  });

  it('limit how fast one socket joins', async () => {
    const owner = await member(t);
    const room = commentRoom(CommentTargetKind.SHOUTBOX, owner.user.id);
    const visitor = await client();
    const answers: boolean[] = [];
    for (let i = 0; i < JOIN_BURST + 5; i++) {
      answers.push(await emitRoom(visitor, 'join-comment-room', room));
    }
    expect(answers.slice(0, JOIN_BURST).every(Boolean)).toBe(true);
    expect(answers.slice(JOIN_BURST)).toContain(false);
  });
});

describe('what a client sends', () => {
  it('ignores unknown events and answers nothing to them', async () => {
    const alice = await member(t);
    const socket = await client({ cookie: alice.cookie });
    socket.emit('subscribe', `user:${(await member(t)).user.id}`);
    socket.emit('new-notification', aNotification());
    await expect(socket.timeout(300).emitWithAck('whatever', 1)).rejects.toThrow();
    // Still connected and served.
    const arriving = nextEvent(socket, 'new-notification');
    await notify(alice.user.id);
    await arriving;
  });

  it('ignores an oversized room name and stays connected', async () => {
    const owner = await member(t);
    const socket = await client();
    expect(await emitRoom(socket, 'join-comment-room', `10:${'x'.repeat(4096)}`)).toBe(false);
    expect(socket.connected).toBe(true);
    expect(await emitRoom(socket, 'join-comment-room', `10:${owner.user.id}`)).toBe(true);
  });

  it('closes a connection that sends more than the message limit, and serves the others', async () => {
    const owner = await member(t);
    const big = await client();
    const fine = await client();
    const gone = disconnected(big);
    big.emit('join-comment-room', 'x'.repeat(LIVE_MAX_MESSAGE_BYTES * 2));
    await gone;
    expect(await emitRoom(fine, 'join-comment-room', `10:${owner.user.id}`)).toBe(true);
  });

  it('refuses a connection from another origin', async () => {
    await expect(connect(baseUrl, { origin: 'https://elsewhere.example' })).rejects.toThrow();
    await expect(
      connect(baseUrl, { origin: 'https://elsewhere.example', transport: 'polling' }),
    ).rejects.toThrow();
    const ours = await client({ origin: TEST_ORIGIN });
    expect(ours.connected).toBe(true);
  });

  it('accepts the long-polling transport with the session cookie', async () => {
    const alice = await member(t);
    const socket = await client({ cookie: alice.cookie, transport: 'polling' });
    const arriving = nextEvent(socket, 'new-notification');
    await notify(alice.user.id);
    await arriving;
  });
});

describe('when a session ends', () => {
  /** Signs in through the login call: a real session, as a browser has. */
  async function signIn(): Promise<{ id: string; email: string; password: string }> {
    const { user, password } = await createUser(t.db);
    return { id: user.id, email: user.email, password };
  }

  it('signing out disconnects the sockets of that session only', async () => {
    const alice = await signIn();
    const first = await login(t.app, alice.email, alice.password);
    const second = await login(t.app, alice.email, alice.password);
    const firstSocket = await client({ cookie: first });
    const secondSocket = await client({ cookie: second });

    const gone = disconnected(firstSocket);
    const res = await call(t.app, 'POST', '/api/auth/logout', { cookie: first });
    expect(res.statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
    expect(secondSocket.connected).toBe(true);
    const arriving = nextEvent(secondSocket, 'new-notification');
    await notify(alice.id);
    await arriving;
  });

  it("changing the password disconnects the other sessions' sockets", async () => {
    const alice = await signIn();
    const here = await login(t.app, alice.email, alice.password);
    const elsewhere = await login(t.app, alice.email, alice.password);
    const hereSocket = await client({ cookie: here });
    const elsewhereSocket = await client({ cookie: elsewhere });

    const gone = disconnected(elsewhereSocket);
    const res = await call(t.app, 'PUT', '/api/auth/update-password', {
      cookie: here,
      payload: { currentPassword: alice.password, password: 'a new secret' },
    });
    expect(res.statusCode).toBe(200);
    await gone;
    expect(hereSocket.connected).toBe(true);
  });

  it('a ban disconnects every socket of the user, and a banned cookie is a visitor', async () => {
    const alice: Member = await member(t);
    const sockets = [
      await client({ cookie: alice.cookie }),
      await client({ cookie: alice.cookie }),
    ];
    const gone = sockets.map((s) => disconnected(s));
    await changeAccountStatus(t.app.writer, alice.user.id, AccountStatus.BANNED);
    await Promise.all(gone);

    const again = await client({ cookie: alice.cookie });
    const got = collect(again, 'new-notification');
    const bob = await member(t);
    const bobSocket = await client({ cookie: bob.cookie });
    const arriving = nextEvent(bobSocket, 'new-notification');
    await notify(alice.user.id);
    await notify(bob.user.id);
    await arriving;
    await quietPeriod();
    expect(got).toEqual([]);
  });
});

describe('shutting down', () => {
  it('disconnects the sockets and closes the app without waiting on them', async () => {
    const other = await buildTestApp();
    let closed = false;
    try {
      const url = await listen(other.app);
      const socket = await connect(url);
      const polling = await connect(url, { transport: 'polling' });
      const gone = [disconnected(socket), disconnected(polling)];
      const started = Date.now();
      await other.close();
      closed = true;
      await Promise.all(gone);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      if (!closed) await other.close();
    }
  });
});
