/**
 * The comments_count of reviews, lists and submissions: comments by visible accounts,
 * moved in the same transaction as a comment is written or deleted (see
 * reviewComments and listComments in db/recount-sql). A ban or unban
 * changes which comments count, so it recounts the threads the account
 * commented on.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CommentTargetKind } from '@earmark/common';
import type { Tx } from '../../db/client';
import { listComments, reviewComments, submissionComments } from '../../db/recount-sql';
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
 * Recounts the counted threads the user commented on, after their account
 * was hidden or shown again. The caller drops the cached pages.
 */
export async function recountCommentsOf(tx: Tx, userId: string): Promise<void> {
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
  const idsOf = (kind: CommentTargetKind) =>
    threads.filter((t) => t.entityType === kind).map((t) => t.entityId);
  for (const [recount, ids] of [
    [reviewComments, idsOf(CommentTargetKind.REVIEW)],
    [listComments, idsOf(CommentTargetKind.LIST)],
    [
      submissionComments,
      threads
        .filter((t) => SUBMISSION_THREADS.includes(t.entityType as CommentTargetKind))
        .map((t) => t.entityId),
    ],
  ] as const) {
    if (ids.length > 0) await tx.execute(sql.raw(recount.sql(ids)));
  }
}
