/** Test support for comments, notifications and reports: posting, reading, and live events. */
import { eq } from 'drizzle-orm';
import type {
  Comment,
  CommentTargetKind,
  Notification,
  PagedComments,
  PagedNotifications,
} from '@earmark/common';
import { tracks } from '../../db/schema/catalogue';
import type { LiveEvent, LivePublisher } from '../../lib/live-events';
import { call, ok, type Member } from '../entries/test-support';
import type { TestApp } from '../../../test/helpers';

export const postComment = (
  t: TestApp,
  who: Member,
  entityType: CommentTargetKind,
  entityId: string,
  body = 'Lovely.',
) => ok<Comment>(call(t, who, 'POST', '/comments', { entityType, entityId, body }), 201);

export const threadOf = (
  t: TestApp,
  who: Member | null,
  entityType: CommentTargetKind,
  entityId: string,
  page = 1,
) =>
  ok<PagedComments>(
    call(t, who, 'GET', `/comments?entityType=${entityType}&entityId=${entityId}&page=${page}`),
  );

/** Every notification of the user that shows, newest first (all pages). */
export async function notificationsOf(t: TestApp, who: Member): Promise<Notification[]> {
  const out: Notification[] = [];
  for (let page = 1; ; page++) {
    const got = await ok<PagedNotifications>(call(t, who, 'GET', `/notifications?page=${page}`));
    out.push(...got.notifications);
    if (page >= got.totalPages) return out;
  }
}

export const unreadOf = async (t: TestApp, who: Member) =>
  (await ok<{ count: number }>(call(t, who, 'GET', '/notifications/unread-count'))).count;

/** A review by `who` on the release, through the API; returns the review's (entry's) id. */
export async function makeReview(t: TestApp, who: Member, releaseId: string): Promise<string> {
  const entry = await ok<{ id: string }>(
    call(t, who, 'POST', '/entries', { releaseId, review: 'Worth every minute.' }),
    201,
  );
  return entry.id;
}

export async function firstTrackOf(t: TestApp, releaseId: string): Promise<string> {
  const [row] = await t.db
    .select({ id: tracks.id })
    .from(tracks)
    .where(eq(tracks.releaseId, releaseId))
    .limit(1);
  return row!.id;
}

/**
 * A publisher that keeps what it is given, with `check` run as each event
 * arrives (to see what the database holds at that moment).
 */
export function recordingPublisher(check?: (event: LiveEvent) => Promise<void>) {
  const events: LiveEvent[] = [];
  const publisher: LivePublisher = {
    publish: async (event) => {
      await check?.(event);
      events.push(event);
    },
  };
  return { events, publisher };
}
