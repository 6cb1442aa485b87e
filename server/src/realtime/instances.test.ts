import { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, CommentTargetKind, commentRoom } from '@earmark/common';
import { buildPeerApp, buildTestApp, createUser, login, type TestApp } from '../../test/helpers';
import { call } from '../features/auth/test-support';
import { member } from '../features/entries/test-support';
import { postComment } from '../features/comments/test-support';
import { changeAccountStatus } from '../features/users/service';
import {
  aComment,
  aNotification,
  connect,
  disconnected,
  emitRoom,
  listen,
  nextEvent,
  publish,
} from './test-support';

const redisUrl = process.env.REDIS_URL;
const onPostgres = process.env.EARMARK_TEST_DB === 'postgres';

// Two instances on one PostgreSQL and one Redis, as a deployment runs them:
// what is published on A reaches the sockets connected to B.
describe.skipIf(!redisUrl || !onPostgres)('the live connection across instances', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let redisA: Redis;
  let redisB: Redis;
  let urlA: string;
  let urlB: string;
  const open: Socket[] = [];

  const client = async (url: string, cookie?: string) => {
    const socket = await connect(url, cookie ? { cookie } : {});
    open.push(socket);
    return socket;
  };

  beforeAll(async () => {
    redisA = new Redis(redisUrl!);
    redisB = new Redis(redisUrl!);
    a = await buildTestApp({ deps: { redis: redisA } });
    b = await buildPeerApp(a, { redis: redisB });
    urlA = await listen(a.app);
    urlB = await listen(b);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    redisA?.disconnect();
    redisB?.disconnect();
  });

  it('delivers a notification published on A to the user on B (and on A)', async () => {
    const alice = await member(a);
    const onB = await client(urlB, alice.cookie);
    const onA = await client(urlA, alice.cookie);
    const sent = aNotification('commented on your review of OK Computer');
    const arrivingB = nextEvent(onB, 'new-notification');
    const arrivingA = nextEvent(onA, 'new-notification');
    await publish(a.app, { type: 'notification', userId: alice.user.id, notification: sent });
    expect(await arrivingB).toEqual(sent);
    expect(await arrivingA).toEqual(sent);
  });

  it('delivers a comment published on A to its room on B', async () => {
    const owner = await member(a);
    const visitorOnB = await client(urlB);
    const room = commentRoom(CommentTargetKind.SHOUTBOX, owner.user.id);
    expect(await emitRoom(visitorOnB, 'join-comment-room', room)).toBe(true);
    const comment = aComment(CommentTargetKind.SHOUTBOX, owner.user.id);
    const arriving = nextEvent(visitorOnB, 'new-comment');
    await publish(a.app, { type: 'comment-created', comment });
    expect(await arriving).toEqual(comment);
  });

  it('a comment posted through A reaches B as notifications and in its room', async () => {
    const owner = await member(a);
    const mentioned = await member(a);
    const author = await member(a);
    const ownerOnB = await client(urlB, owner.cookie);
    const mentionedOnB = await client(urlB, mentioned.cookie);
    const readerOnB = await client(urlB);
    const room = commentRoom(CommentTargetKind.SHOUTBOX, owner.user.id);
    expect(await emitRoom(readerOnB, 'join-comment-room', room)).toBe(true);

    const toOwner = nextEvent<{ message: string; user: { id: string } }>(
      ownerOnB,
      'new-notification',
    );
    const toMentioned = nextEvent<{ message: string }>(mentionedOnB, 'new-notification');
    const inRoom = nextEvent<{ id: string; body: string }>(readerOnB, 'new-comment');
    const body = `Hello @${mentioned.user.username}`;
    const posted = await postComment(a, author, CommentTargetKind.SHOUTBOX, owner.user.id, body);

    expect(await inRoom).toMatchObject({ id: posted.id, body });
    const ownerNote = await toOwner;
    expect(ownerNote.user.id).toBe(author.user.id);
    expect(ownerNote.message).toMatch(/comment/i);
    expect((await toMentioned).message).toMatch(/mentioned you/i);
  });

  it("signing out through A disconnects that session's socket on B", async () => {
    const { user, password } = await createUser(a.db);
    const first = await login(a.app, user.email, password);
    const second = await login(a.app, user.email, password);
    const firstOnB = await client(urlB, first);
    const secondOnB = await client(urlB, second);
    const gone = disconnected(firstOnB);
    expect((await call(a.app, 'POST', '/api/auth/logout', { cookie: first })).statusCode).toBe(204);
    await gone;
    expect(secondOnB.connected).toBe(true);
  });

  it("a ban made through A disconnects the user's sockets on B", async () => {
    const alice = await member(a);
    const onB = await client(urlB, alice.cookie);
    const gone = disconnected(onB);
    await changeAccountStatus(a.app.writer, alice.user.id, AccountStatus.BANNED);
    await gone;
  });
});
