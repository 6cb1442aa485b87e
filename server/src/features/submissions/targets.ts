/**
 * Submissions as targets and comment threads: one target kind per kind of
 * submission (so a thread of artist submissions never finds a release
 * submission), readable while its author's account is visible (admins
 * read hidden ones too) and owned by its author, who is told of comments.
 */
import { and, eq } from 'drizzle-orm';
import { isAdmin, isHiddenAccount, type SubmissionKind } from '@earmark/common';
import { submissions } from '../../db/schema/submissions';
import { users } from '../../db/schema/users';
import { registerThreadPlace } from '../comments/places';
import { registerCommentThreadKind } from '../comments/threads';
import { registerTargetKind, type ExtensionTargetKind } from '../targets/registry';
import { SUBMISSION_KIND_SPECS } from './kinds';
import { SUBMISSION_NOT_FOUND } from './service';

export const submissionTargetKind = (kind: SubmissionKind) =>
  `${kind}-submission` as const satisfies ExtensionTargetKind;

for (const spec of Object.values(SUBMISSION_KIND_SPECS)) {
  const { kind } = spec;
  const target = submissionTargetKind(kind);
  registerTargetKind(target, {
    notFound: SUBMISSION_NOT_FOUND,
    lookup: async (db, id, viewer) => {
      const [row] = await db
        .select({ userId: submissions.userId, status: users.accountStatus })
        .from(submissions)
        .innerJoin(users, eq(users.id, submissions.userId))
        .where(and(eq(submissions.id, id), eq(submissions.kind, kind)))
        .limit(1);
      if (!row) return null;
      return { ownerId: row.userId, readable: !isHiddenAccount(row.status) || isAdmin(viewer) };
    },
  });
  registerCommentThreadKind(spec.threadKind, target);
  registerThreadPlace(spec.threadKind, async (db, id) => {
    const [row] = await db
      .select({ changes: submissions.changes })
      .from(submissions)
      .where(and(eq(submissions.id, id), eq(submissions.kind, kind)))
      .limit(1);
    if (!row) return null;
    const name = spec.title(row.changes);
    return {
      link: `/contributions/${kind}/${id}`,
      yours: `your contribution to ${name}`,
      theirs: `a contribution to ${name}`,
    };
  });
}
