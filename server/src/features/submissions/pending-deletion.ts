/**
 * Pending deletions: an admin removes the entities whose auto-approved
 * creation was voted down, with every submission about them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import {
  SUBMISSION_KIND_PLURALS,
  SubmissionStatus,
  isAdmin,
  type ProcessPendingDeletionInput,
  type ProcessPendingDeletionReply,
  type SubmissionKind,
} from '@earmark/common';
import { recountCounters } from '../../db/recount';
import { entries } from '../../db/schema/entries';
import { listItems } from '../../db/schema/lists';
import { submissions } from '../../db/schema/submissions';
import type { UserRow } from '../../db/schema/users';
import { cacheTags } from '../../lib/cache-tags';
import { forbidden, unauthorized } from '../../lib/errors';
import { transact, type Writer } from '../../lib/unit-of-work';
import { recordAdminAction } from '../admin/audit';
import { deleteThread } from '../comments/service';
import { forgetSubjects } from '../notifications/service';
import { specOf } from './kinds';

export const ADMINS_ONLY = 'Only admins can process pending deletions';

const PENDING_KEYS = {
  release: 'releaseSubmissionIds',
  artist: 'artistSubmissionIds',
  label: 'labelSubmissionIds',
  genre: 'genreSubmissionIds',
} as const satisfies Record<SubmissionKind, keyof ProcessPendingDeletionInput>;

/**
 * An admin deletes the entities of the listed PENDING_ENTITY_DELETION
 * submissions with every submission about them, in one transaction, and
 * recounts the counters that counted what went with them.
 */
export async function processPendingDeletion(
  scope: Writer,
  actor: UserRow | null,
  input: ProcessPendingDeletionInput,
): Promise<ProcessPendingDeletionReply> {
  if (!actor) throw unauthorized();
  if (!isAdmin(actor)) throw forbidden(ADMINS_ONLY);
  const deleted = { releases: 0, artists: 0, labels: 0, genres: 0 };
  await transact(scope, async (uow) => {
    const { tx } = uow;
    const touchedUsers = new Set<string>();
    const touchedLists = new Set<string>();
    for (const kind of Object.keys(PENDING_KEYS) as SubmissionKind[]) {
      const ids = input[PENDING_KEYS[kind]] ?? [];
      if (ids.length === 0) continue;
      const spec = specOf(kind);
      const pending = await tx
        .select({ entityId: submissions.entityId })
        .from(submissions)
        .where(
          and(
            eq(submissions.kind, kind),
            inArray(submissions.id, ids),
            eq(submissions.status, SubmissionStatus.PENDING_ENTITY_DELETION),
          ),
        );
      const entityIds = [...new Set(pending.map((p) => p.entityId))];
      if (entityIds.length === 0) continue;
      if (kind === 'release') {
        // Entries and list items go with the release: their owners' counters are recounted.
        const owners = await tx
          .selectDistinct({ id: entries.userId })
          .from(entries)
          .where(inArray(entries.releaseId, entityIds));
        const holding = await tx
          .selectDistinct({ id: listItems.listId })
          .from(listItems)
          .where(inArray(listItems.releaseId, entityIds));
        for (const o of owners) touchedUsers.add(o.id);
        for (const l of holding) touchedLists.add(l.id);
      }
      const about = await tx
        .delete(submissions)
        .where(and(eq(submissions.kind, kind), inArray(submissions.entityId, entityIds)))
        .returning({ id: submissions.id });
      for (const s of about) await deleteThread(uow, spec.threadKind, s.id);
      if (about.length > 0)
        await forgetSubjects(
          uow,
          about.map((s) => s.id),
        );
      for (const entityId of entityIds) await spec.remove(uow, entityId);
      deleted[SUBMISSION_KIND_PLURALS[kind]] = entityIds.length;
      for (const entityId of entityIds) {
        await recordAdminAction(tx, {
          actorId: actor.id,
          action: 'process-pending-deletion',
          targetType: kind,
          targetId: entityId,
          before: { pendingDeletion: true },
          after: null,
        });
      }
    }
    await recountCounters(tx, { users: [...touchedUsers], lists: [...touchedLists] });
    uow.invalidate(cacheTags.all);
  });
  return { deleted };
}
