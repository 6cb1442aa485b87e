/**
 * Comments: threads on profiles (the shoutbox), reviews, lists, releases,
 * tracks and submissions. A thread can be read and written by whoever may
 * read its target (threads.ts). Comments by hidden accounts are left out of
 * every thread and count. Writing one notifies the thread's owner and the
 * people it mentions, in the same transaction; the live events go out after
 * the commit.
 */
import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  COMMENT_MENTIONS_MAX,
  COMMENTS_PAGE_SIZE,
  NotificationKind,
  isAdmin,
  isHiddenAccount,
  mentionedUsernames,
  type Comment,
  type CommentTargetKind,
  type CreateCommentInput,
  type PagedComments,
} from '@earmark/common';
import type { DbOrTx, Tx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { pageLimit, pageOffset } from '../../db/page-bounds';
import { comments, type CommentRow } from '../../db/schema/comments';
import { users, type UserRow } from '../../db/schema/users';
import { visibleAccount } from '../../db/visibility';
import { forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { pageFields } from '../../lib/keyset-page';
import { transact, type UnitOfWork, type WriteScope } from '../../lib/unit-of-work';
import { forgetSubjects, storeNotifications, type NewNotification } from '../notifications/service';
import type { Target, TargetViewer } from '../targets/registry';
import { toUserRef, userRefColumns, type UserRefColumns } from '../users/present';
import { moveCommentsCount } from './counters';
import { describeThread } from './places';
import { findReadableThread, findThread, threadNotFoundMessage } from './threads';
import { withFields } from '../../lib/objects';

export const COMMENT_NOT_FOUND = 'Comment not found';
export const CANNOT_DELETE_COMMENT =
  'Only the author, the owner of the thread or an admin can delete this comment';

function present(row: CommentRow, author: UserRefColumns): Comment {
  return {
    id: row.id,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    entityType: row.entityType as CommentTargetKind,
    entityId: row.entityId,
    user: toUserRef(author),
  };
}

async function requireThread(
  db: DbOrTx,
  entityType: CommentTargetKind,
  entityId: string,
  viewer: TargetViewer,
): Promise<Target> {
  const thread = await findReadableThread(db, entityType, entityId, viewer);
  if (!thread) throw notFound(threadNotFoundMessage(entityType));
  return thread;
}

/** A thread's comments whose authors show: prepared, as planning cost more than running. */
const inThread = () =>
  and(
    eq(comments.entityType, sql.placeholder('entityType')),
    eq(comments.entityId, sql.placeholder('entityId')),
    visibleAccount(),
  );

const threadPage = preparedPer((db) =>
  db
    .select({ comment: comments, author: userRefColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(inThread())
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(pageLimit(COMMENTS_PAGE_SIZE))
    .offset(pageOffset(sql.placeholder('offset')))
    .prepare('comments_page'),
);

const threadCount = preparedPer((db) =>
  db
    .select({ n: count() })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(inThread())
    .prepare('comments_count'),
);

/** One page of a thread, newest first: what a reader opening it wants to see first. */
export async function commentsPage(
  db: DbOrTx,
  query: { entityType: number; entityId: string; page: number },
  viewer: TargetViewer,
): Promise<PagedComments> {
  const entityType = query.entityType as CommentTargetKind;
  await requireThread(db, entityType, query.entityId, viewer);
  const pageSize = COMMENTS_PAGE_SIZE;
  const before = (query.page - 1) * pageSize;
  const thread = { entityType, entityId: query.entityId };
  const [rows, [total]] = await Promise.all([
    threadPage(db).execute(withFields(thread, { offset: before })),
    threadCount(db).execute(thread),
  ]);
  const { nextCursor: _, ...fields } = pageFields({
    totalItems: total?.n ?? 0,
    pageSize,
    before,
    currentItems: rows.length,
    nextCursor: null,
  });
  return withFields(fields, { comments: rows.map((r) => present(r.comment, r.author)) });
}

/**
 * The people a comment mentions who are told: existing visible accounts
 * that may read the thread, not the author nor the thread's owner (told
 * anyway), in the order first mentioned, at most COMMENT_MENTIONS_MAX.
 */
async function mentionedReaders(
  tx: Tx,
  body: string,
  thread: Target,
  entityType: CommentTargetKind,
  author: UserRow,
): Promise<UserRow[]> {
  const names = mentionedUsernames(body);
  if (names.length === 0) return [];
  const found = await tx
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.username}) in (${sql.join(
          names.map((n) => sql`${n}`),
          sql`, `,
        )})`,
        visibleAccount(),
      ),
    );
  const byName = new Map(found.map((u) => [u.username.toLowerCase(), u]));
  const readers: UserRow[] = [];
  for (const name of names) {
    if (readers.length === COMMENT_MENTIONS_MAX) break;
    const user = byName.get(name);
    if (!user || user.id === author.id || user.id === thread.ownerId) continue;
    // Someone who may not read the thread (a draft list) is not told about it.
    if (!(await findReadableThread(tx, entityType, thread.id, user))) continue;
    readers.push(user);
  }
  return readers;
}

/** Writes a comment on a thread the author may read; tells its owner and the people mentioned. */
export async function createComment(
  scope: WriteScope,
  author: UserRow,
  input: CreateCommentInput,
): Promise<Comment> {
  const entityType = input.entityType as CommentTargetKind;
  return transact(scope, async (uow) => {
    const thread = await requireThread(uow.tx, entityType, input.entityId, author);
    const [row] = await uow.tx
      .insert(comments)
      .values({ id: newId(), userId: author.id, entityType, entityId: thread.id, body: input.body })
      .returning();
    const comment = present(row!, author);
    await moveCommentsCount(uow, entityType, thread.id, 1);

    const place = await describeThread(uow.tx, entityType, thread.id);
    const told: NewNotification[] = [];
    if (thread.ownerId && thread.ownerId !== author.id) {
      told.push({
        userId: thread.ownerId,
        actor: author,
        kind: NotificationKind.COMMENT,
        message: `commented on ${place.yours}`,
        link: place.link,
        subjectId: comment.id,
      });
    }
    for (const reader of await mentionedReaders(uow.tx, input.body, thread, entityType, author)) {
      told.push({
        userId: reader.id,
        actor: author,
        kind: NotificationKind.MENTION,
        message: `mentioned you in a comment on ${place.theirs}`,
        link: place.link,
        subjectId: comment.id,
      });
    }
    await storeNotifications(uow, told);
    uow.publish({ type: 'comment-created', comment });
    return comment;
  });
}

/**
 * Deletes a comment: by its author, the owner of its thread or an admin.
 * The notifications it caused go with it.
 */
export async function deleteComment(scope: WriteScope, actor: UserRow, id: string): Promise<void> {
  await transact(scope, async (uow) => {
    const [found] = await uow.tx
      .select({ comment: comments, authorStatus: users.accountStatus })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.id, id))
      .for('update', { of: comments })
      .limit(1);
    const hidden = found ? isHiddenAccount(found.authorStatus) : false;
    if (!found || (hidden && !isAdmin(actor))) throw notFound(COMMENT_NOT_FOUND);
    const { comment } = found;
    const entityType = comment.entityType as CommentTargetKind;
    if (comment.userId !== actor.id && !isAdmin(actor)) {
      const thread = await findThread(uow.tx, entityType, comment.entityId, actor);
      if (!thread?.readable) throw notFound(COMMENT_NOT_FOUND);
      if (thread.ownerId !== actor.id) throw forbidden(CANNOT_DELETE_COMMENT);
    }
    await uow.tx.delete(comments).where(eq(comments.id, id));
    await forgetSubjects(uow, [id]);
    // A hidden author's comment was not counted.
    if (!hidden) await moveCommentsCount(uow, entityType, comment.entityId, -1);
    uow.publish({ type: 'comment-deleted', entityType, entityId: comment.entityId, id });
  });
}

/**
 * Deletes a whole thread with the notifications its comments caused, in
 * the unit of work that deletes its target (a list). The target's counter
 * goes with the target.
 */
export async function deleteThread(
  uow: UnitOfWork,
  entityType: CommentTargetKind,
  entityId: string,
): Promise<void> {
  const gone = await uow.tx
    .delete(comments)
    .where(and(eq(comments.entityType, entityType), eq(comments.entityId, entityId)))
    .returning({ id: comments.id });
  if (gone.length > 0)
    await forgetSubjects(
      uow,
      gone.map((c) => c.id),
    );
}
