/**
 * The 'comment' target kind (reports): a comment exists while its row does,
 * and a viewer may read it when its author's account is visible (or the
 * viewer is an admin) and its thread is readable. It belongs to its author.
 */
import { eq } from 'drizzle-orm';
import { isAdmin, isHiddenAccount, type CommentTargetKind } from '@earmark/common';
import { comments } from '../../db/schema/comments';
import { users } from '../../db/schema/users';
import { registerTargetKind } from '../targets/registry';
import { COMMENT_NOT_FOUND } from './service';
import { findReadableThread } from './threads';

registerTargetKind('comment', {
  notFound: COMMENT_NOT_FOUND,
  lookup: async (db, id, viewer) => {
    const [row] = await db
      .select({ comment: comments, authorStatus: users.accountStatus })
      .from(comments)
      .innerJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.id, id))
      .limit(1);
    if (!row) return null;
    const { comment } = row;
    const authorShown = !isHiddenAccount(row.authorStatus) || isAdmin(viewer);
    const thread = authorShown
      ? await findReadableThread(
          db,
          comment.entityType as CommentTargetKind,
          comment.entityId,
          viewer,
        )
      : null;
    return { ownerId: comment.userId, readable: thread !== null };
  },
});
