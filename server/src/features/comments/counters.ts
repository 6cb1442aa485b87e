/**
 * The comments_count of reviews, lists and submissions: comments by visible accounts,
 * moved in the same transaction as a comment is written or deleted (see
 * reviewComments and listComments in db/recount-sql). A ban or unban
 * changes which comments count, so the threads the account commented on are
 * recounted with its other counted rows (users/account-counters).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CommentTargetKind } from '@earmark/common';
import type { Tx } from '../../db/client';
import { comments } from '../../db/schema/comments';
import { entries } from '../../db/schema/entries';
import { lists } from '../../db/schema/lists';
import { submissions } from '../../db/schema/submissions';
import { entryWriteTags, listWriteTags } from '../../lib/cache-tags';
import type { UnitOfWork } from '../../lib/unit-of-work';

/** The comment thread kinds of the four kinds of submission. */
const SUBMISSION_THREADS: readonly CommentTargetKind[] = [
  CommentTargetKind.ARTIST_SUBMISSION,
  CommentTargetKind.RELEASE_SUBMISSION,
  CommentTargetKind.LABEL_SUBMISSION,
  CommentTargetKind.GENRE_SUBMISSION,
];

/** Moves the count of a review's, list's or submission's thread; other threads have no counter. */
export async function moveCommentsCount(
  uow: UnitOfWork,
  entityType: CommentTargetKind,
  entityId: string,
  delta: 1 | -1,
): Promise<void> {
  if (entityType === CommentTargetKind.REVIEW) {
    const [row] = await uow.tx
      .update(entries)
      .set({ commentsCount: sql`${entries.commentsCount} + ${delta}` })
      .where(eq(entries.id, entityId))
      .returning({ releaseId: entries.releaseId, userId: entries.userId });
    // The review shows on its release's pages, its author's and the site's review lists.
    if (row) uow.invalidate(...entryWriteTags(row.releaseId, row.userId));
  } else if (entityType === CommentTargetKind.LIST) {
    await uow.tx
      .update(lists)
      .set({ commentsCount: sql`${lists.commentsCount} + ${delta}` })
      .where(eq(lists.id, entityId));
    uow.invalidate(...listWriteTags(entityId));
  } else if (SUBMISSION_THREADS.includes(entityType)) {
    // Submission lists are read fresh: no cached page to drop.
    await uow.tx
      .update(submissions)
      .set({ commentsCount: sql`${submissions.commentsCount} + ${delta}` })
      .where(eq(submissions.id, entityId));
  }
}

/**
 * The counted threads the user commented on (reviews, lists, submissions),
 * whose counts change when their account is hidden or shown again.
 */
export async function commentThreadsOf(
  tx: Tx,
  userId: string,
): Promise<{ entries: string[]; lists: string[]; submissions: string[] }> {
  const threads = await tx
    .selectDistinct({ entityType: comments.entityType, entityId: comments.entityId })
    .from(comments)
    .where(
      and(
        eq(comments.userId, userId),
        inArray(comments.entityType, [
          CommentTargetKind.REVIEW,
          CommentTargetKind.LIST,
          ...SUBMISSION_THREADS,
        ]),
      ),
    );
  const idsWhere = (test: (kind: CommentTargetKind) => boolean) =>
    threads.filter((t) => test(t.entityType as CommentTargetKind)).map((t) => t.entityId);
  return {
    entries: idsWhere((kind) => kind === CommentTargetKind.REVIEW),
    lists: idsWhere((kind) => kind === CommentTargetKind.LIST),
    submissions: idsWhere((kind) => SUBMISSION_THREADS.includes(kind)),
  };
}
