/**
 * Pending deletions: an admin removes the entities whose auto-approved
 * creation was voted down, with every submission about them, or keeps them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  SUBMISSION_KIND_PLURALS,
  SubmissionStatus,
  isAdmin,
  type KeepPendingDeletionReply,
  type ProcessPendingDeletionInput,
  type ProcessPendingDeletionReply,
  type SubmissionKind,
} from '@earmark/common';
import type { Tx } from '../../db/client';
import { recountCounters, type CountedTable } from '../../db/recount';
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

/** The entities of the kind's listed PENDING_ENTITY_DELETION submissions. */
async function pendingEntities(tx: Tx, kind: SubmissionKind, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const pending = await tx
    .select({ entityId: submissions.entityId })
    .from(submissions)
    .where(
      and(
        eq(submissions.kind, kind),
        inArray(submissions.id, [...ids]),
        eq(submissions.status, SubmissionStatus.PENDING_ENTITY_DELETION),
      ),
    );
  return [...new Set(pending.map((p) => p.entityId))];
}

/** The users and lists whose counters count the releases' entries and list items. */
async function countingReleases(tx: Tx, releaseIds: readonly string[]) {
  if (releaseIds.length === 0) return { users: [], lists: [] };
  const owners = await tx
    .selectDistinct({ id: entries.userId })
    .from(entries)
    .where(inArray(entries.releaseId, [...releaseIds]));
  const holding = await tx
    .selectDistinct({ id: listItems.listId })
    .from(listItems)
    .where(inArray(listItems.releaseId, [...releaseIds]));
  return { users: owners.map((o) => o.id), lists: holding.map((l) => l.id) };
}

function assertAdminActor(actor: UserRow | null): asserts actor is UserRow {
  if (!actor) throw unauthorized();
  if (!isAdmin(actor)) throw forbidden(ADMINS_ONLY);
}

/** One audit entry per entity that was pending deletion. */
async function logEach(
  tx: Tx,
  actor: UserRow,
  action: 'process-pending-deletion' | 'keep-pending-deletion',
  kind: SubmissionKind,
  entityIds: readonly string[],
  after: Record<string, unknown> | null,
): Promise<void> {
  for (const entityId of entityIds) {
    await recordAdminAction(tx, {
      actorId: actor.id,
      action,
      targetType: kind,
      targetId: entityId,
      before: { pendingDeletion: true },
      after,
    });
  }
}

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
  assertAdminActor(actor);
  const deleted = { releases: 0, artists: 0, labels: 0, genres: 0 };
  await transact(scope, async (uow) => {
    const { tx } = uow;
    let counting: { users: string[]; lists: string[] } = { users: [], lists: [] };
    for (const kind of Object.keys(PENDING_KEYS) as SubmissionKind[]) {
      const entityIds = await pendingEntities(tx, kind, input[PENDING_KEYS[kind]] ?? []);
      if (entityIds.length === 0) continue;
      const spec = specOf(kind);
      // Entries and list items go with a release: their owners' counters are recounted.
      if (kind === 'release') counting = await countingReleases(tx, entityIds);
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
      await logEach(tx, actor, 'process-pending-deletion', kind, entityIds, null);
    }
    await recountCounters(tx, counting);
    uow.invalidate(cacheTags.all);
  });
  return { deleted };
}

/**
 * An admin keeps the entities of the listed PENDING_ENTITY_DELETION
 * submissions instead: they are shown again and those submissions approved,
 * in one transaction, with the counters of what they hold recounted.
 */
export async function keepPendingDeletion(
  scope: Writer,
  actor: UserRow | null,
  input: ProcessPendingDeletionInput,
): Promise<KeepPendingDeletionReply> {
  assertAdminActor(actor);
  const kept = { releases: 0, artists: 0, labels: 0, genres: 0 };
  await transact(scope, async (uow) => {
    const { tx } = uow;
    const recount: Partial<Record<CountedTable, string[]>> = {};
    for (const kind of Object.keys(PENDING_KEYS) as SubmissionKind[]) {
      const entityIds = await pendingEntities(tx, kind, input[PENDING_KEYS[kind]] ?? []);
      if (entityIds.length === 0) continue;
      const { table } = specOf(kind);
      await tx.update(table).set({ pendingDeletion: false }).where(inArray(table.id, entityIds));
      await tx
        .update(submissions)
        .set({ status: SubmissionStatus.APPROVED, appliedAt: sql`now()`, updatedAt: sql`now()` })
        .where(
          and(
            eq(submissions.kind, kind),
            inArray(submissions.entityId, entityIds),
            eq(submissions.status, SubmissionStatus.PENDING_ENTITY_DELETION),
          ),
        );
      if (kind === 'release') {
        Object.assign(recount, await countingReleases(tx, entityIds), { releases: entityIds });
      }
      kept[SUBMISSION_KIND_PLURALS[kind]] = entityIds.length;
      await logEach(tx, actor, 'keep-pending-deletion', kind, entityIds, {
        pendingDeletion: false,
        kept: true,
      });
    }
    await recountCounters(tx, recount);
    // A kept thing comes back to every list, page and search.
    uow.invalidate(cacheTags.all);
  });
  return { kept };
}
