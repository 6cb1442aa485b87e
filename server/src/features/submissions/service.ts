/**
 * The contributions flow, one for the four kinds (kinds/ says what differs):
 * a create or an edit is recorded as a submission with the entity's state
 * before (`original`) and the state it proposes (`changes`), applied at once
 * or when trusted contributors approve it; the applied ones are the
 * entity's history. Statuses:
 *
 * - create of a release, artist or label: applied at once, APPROVED for an
 *   editor or admin, AUTO_APPROVED for others;
 * - genre create and any update: applied at once (APPROVED) for an editor
 *   or admin, else OPEN until decided; one OPEN update per entity;
 * - votes: an editor's or admin's decides; else `votesToDecide` in one
 *   direction. Approving applies an OPEN one (or confirms an AUTO_APPROVED
 *   one); disapproving an AUTO_APPROVED create marks its entity for deletion
 *   (PENDING_ENTITY_DELETION, hidden until an admin processes it); anything
 *   else becomes DISAPPROVED.
 */
import { and, count, eq, ne, sql } from 'drizzle-orm';
import {
  DISCARD_WINDOW_MS,
  SubmissionMethod,
  SubmissionStatus,
  VOTABLE_SUBMISSION_STATUSES,
  canVoteOnSubmissions,
  isEditorOrAdmin,
  submissionEntityIdKey,
  type SubmissionCard,
  type SubmissionCreated,
  type SubmissionKind,
  ContributorStatus,
} from '@earmark/common';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { submissions } from '../../db/schema/submissions';
import { users, type UserRow } from '../../db/schema/users';
import { visibleAccount } from '../../db/visibility';
import { cacheTags } from '../../lib/cache-tags';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { violatedUniqueIndex } from '../../lib/unique-violation';
import { transact, type UnitOfWork, type Writer } from '../../lib/unit-of-work';
import { deleteThread } from '../comments/service';
import { forgetSubjects } from '../notifications/service';
import type { CoverFiles } from '../../db/schema/catalogue';
import { specOf } from './kinds';
import { GENRE_NAME_TAKEN } from './kinds/genre';
import { markPendingDeletion, type AnyKindSpec } from './kinds/kind';
import { findCard, toCard, type SubmissionRow } from './present';

export const SUBMISSION_NOT_FOUND = 'Contribution not found';
export const NOT_A_CONTRIBUTOR = 'Only contributors may submit changes';
export const CANNOT_VOTE = 'Only trusted contributors may vote on contributions';
export const OWN_SUBMISSION_VOTE = 'You cannot vote on your own contribution';
export const NOT_VOTABLE = 'This contribution is no longer open for votes';
export const DISCARD_NOT_AUTHOR = 'Only the author can discard a contribution';
export const DISCARD_TOO_LATE =
  'A contribution can only be discarded within an hour of its creation';
export const DISCARD_HAS_VOTES = 'A contribution that has votes cannot be discarded';
export const DISCARD_MERGE = 'A merge cannot be discarded';

export const openUpdateExists = (kind: SubmissionKind) =>
  `This ${kind} already has an open contribution: vote on it or wait until it is decided`;

const OPEN_UPDATE_INDEX = 'submissions_one_open_update_key';
const GENRE_NAME_INDEX = 'genres_name_lower_key';

export interface SubmitInput {
  kind: SubmissionKind;
  /** The entity an edit changes; absent for a create. */
  entityId?: string;
  payload: { note: string } & Record<string, unknown>;
  /** A cover already stored from an uploaded or fetched image (releases). */
  cover?: CoverFiles;
}

/** 403 unless the user may contribute (contributor status CONTRIBUTOR or above). */
export function requireContributor(actor: UserRow): void {
  if (actor.contributorStatus < ContributorStatus.CONTRIBUTOR) throw forbidden(NOT_A_CONTRIBUTOR);
}

/** Runs a write, turning the unique indexes a submission can run into into 409s. */
async function withConflicts<T>(kind: SubmissionKind, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const index = violatedUniqueIndex(err);
    if (index === OPEN_UPDATE_INDEX) throw conflict(openUpdateExists(kind));
    if (index === GENRE_NAME_INDEX) throw conflict(GENRE_NAME_TAKEN);
    throw err;
  }
}

async function applyTo(
  uow: UnitOfWork,
  spec: AnyKindSpec,
  row: Pick<SubmissionRow, 'entityId' | 'changes' | 'userId'>,
  previous: Record<string, unknown> | null,
): Promise<void> {
  await spec.apply(uow, row.changes, {
    entityId: row.entityId,
    previous,
    authorId: row.userId,
  });
}

/** Creates or edits an entity through a submission; replies with its card and the entity's id. */
export async function submit(
  scope: Writer,
  actor: UserRow,
  input: SubmitInput,
): Promise<SubmissionCreated> {
  requireContributor(actor);
  const spec = specOf(input.kind);
  const id = newId();
  const entityId = input.entityId ?? newId();
  const editor = isEditorOrAdmin(actor);
  const row = await withConflicts(input.kind, () =>
    transact(scope, async (uow) => {
      const { tx } = uow;
      const current = input.entityId ? await spec.readSnapshot(tx, input.entityId) : null;
      if (input.entityId && !current) throw notFound(spec.notFound);
      const changes = await spec.buildSnapshot(tx, input.payload, {
        entityId,
        current,
        cover: input.cover,
      });
      const method = current ? SubmissionMethod.UPDATE : SubmissionMethod.CREATE;
      const status = editor
        ? SubmissionStatus.APPROVED
        : current || spec.createWaitsForVotes
          ? SubmissionStatus.OPEN
          : SubmissionStatus.AUTO_APPROVED;
      const applied = status !== SubmissionStatus.OPEN;
      if (applied) await applyTo(uow, spec, { entityId, changes, userId: actor.id }, current);
      const [inserted] = await tx
        .insert(submissions)
        .values({
          id,
          kind: input.kind,
          method,
          status,
          entityId,
          userId: actor.id,
          note: input.payload.note,
          original: current,
          changes,
          appliedAt: applied ? sql`now()` : null,
        })
        .returning();
      return inserted!;
    }),
  );
  // The card of a new submission is known: its row, its author and no votes yet.
  const card = toCard({ row, author: actor, votes: [] });
  return { ...card, [submissionEntityIdKey[input.kind]]: entityId };
}

/** The submission (locked for the change) whose author is visible, or 404. */
async function lockSubmission(tx: Tx, kind: SubmissionKind, id: string): Promise<SubmissionRow> {
  const [found] = await tx
    .select({ row: submissions })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(submissions.id, id), eq(submissions.kind, kind), visibleAccount()))
    .for('update', { of: submissions })
    .limit(1);
  if (!found) throw notFound(SUBMISSION_NOT_FOUND);
  return found.row;
}

/** Approves: an OPEN submission is applied, an AUTO_APPROVED one is confirmed. */
async function approve(uow: UnitOfWork, row: SubmissionRow): Promise<void> {
  const spec = specOf(row.kind);
  if (row.status === SubmissionStatus.OPEN) {
    const creating = row.method === SubmissionMethod.CREATE;
    const previous = creating ? null : await spec.readSnapshot(uow.tx, row.entityId);
    if (!creating && !previous)
      throw conflict(`The ${row.kind} of this contribution no longer exists`);
    await applyTo(uow, spec, row, previous);
    await uow.tx
      .update(submissions)
      .set({ status: SubmissionStatus.APPROVED, appliedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(submissions.id, row.id));
  } else {
    await uow.tx
      .update(submissions)
      .set({ status: SubmissionStatus.APPROVED, updatedAt: sql`now()` })
      .where(eq(submissions.id, row.id));
  }
}

/**
 * Disapproves: an AUTO_APPROVED create leaves its entity hidden until an
 * admin deletes it; anything else is simply DISAPPROVED.
 */
async function disapprove(uow: UnitOfWork, row: SubmissionRow): Promise<void> {
  if (row.status === SubmissionStatus.AUTO_APPROVED && row.method === SubmissionMethod.CREATE) {
    await markPendingDeletion(uow.tx, specOf(row.kind).table, row.entityId);
    await uow.tx
      .update(submissions)
      .set({
        status: SubmissionStatus.PENDING_ENTITY_DELETION,
        appliedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(submissions.id, row.id));
    // A hidden thing leaves every list, page and search it was in.
    uow.invalidate(cacheTags.all);
    return;
  }
  await uow.tx
    .update(submissions)
    .set({ status: SubmissionStatus.DISAPPROVED, updatedAt: sql`now()` })
    .where(eq(submissions.id, row.id));
}

/**
 * A trusted contributor's vote (1 or -1); a new vote replaces the old one.
 * The counters move in the same transaction, and the submission is decided
 * when the vote makes it so.
 */
export async function voteOnSubmission(
  scope: Writer,
  actor: UserRow,
  kind: SubmissionKind,
  id: string,
  vote: 1 | -1,
): Promise<SubmissionCard> {
  if (!canVoteOnSubmissions(actor)) throw forbidden(CANNOT_VOTE);
  await withConflicts(kind, () =>
    transact(scope, async (uow) => {
      const { tx } = uow;
      const row = await lockSubmission(tx, kind, id);
      if (row.userId === actor.id) throw forbidden(OWN_SUBMISSION_VOTE);
      if (!VOTABLE_SUBMISSION_STATUSES.includes(row.status as SubmissionStatus)) {
        throw conflict(NOT_VOTABLE);
      }
      // The vote replaces the voter's old one (read before the statement
      // changes it) and the counters move by the difference, in one statement.
      const [counts] = await rowsOf(
        tx,
        sql`with old as (
            select vote from submission_votes where submission_id = ${id} and user_id = ${actor.id}
          ), cast_vote as (
            insert into submission_votes (submission_id, user_id, vote)
            values (${id}, ${actor.id}, ${vote})
            on conflict (submission_id, user_id) do update set vote = excluded.vote, created_at = now()
          )
          update submissions set
            upvotes = upvotes + ${vote === 1 ? 1 : 0}
              - coalesce((select (vote = 1)::int from old), 0),
            downvotes = downvotes + ${vote === -1 ? 1 : 0}
              - coalesce((select (vote = -1)::int from old), 0),
            updated_at = now()
          where id = ${id}
          returning upvotes, downvotes`,
      );
      const [up, down] = [Number(counts!.upvotes), Number(counts!.downvotes)];
      const needed = specOf(kind).votesToDecide;
      const decided = isEditorOrAdmin(actor) ? vote : up >= needed ? 1 : down >= needed ? -1 : 0;
      if (decided === 1) await approve(uow, row);
      else if (decided === -1) await disapprove(uow, row);
    }),
  );
  return (await findCard(scope.db, kind, id))!;
}

/**
 * The author discards their submission within the discard window and while
 * nobody has voted on it. An applied create deletes its entity when nothing
 * refers to it; an applied update restores the entity's state before it
 * when no later change was applied; one not applied is simply removed.
 */
export async function discardSubmission(
  scope: Writer,
  actor: UserRow,
  kind: SubmissionKind,
  id: string,
): Promise<void> {
  const spec = specOf(kind);
  await transact(scope, async (uow) => {
    const { tx } = uow;
    const row = await lockSubmission(tx, kind, id);
    if (row.userId !== actor.id) throw forbidden(DISCARD_NOT_AUTHOR);
    if (Date.now() - row.createdAt.getTime() > DISCARD_WINDOW_MS) throw forbidden(DISCARD_TOO_LATE);
    if (row.upvotes + row.downvotes > 0) throw forbidden(DISCARD_HAS_VOTES);
    // An admin merge is recorded as a change of its target; it cannot be taken back this way.
    if (row.changes.mergedFrom) throw conflict(DISCARD_MERGE);
    if (row.appliedAt) {
      const [later] = await tx
        .select({ n: count() })
        .from(submissions)
        .where(
          and(
            eq(submissions.kind, kind),
            eq(submissions.entityId, row.entityId),
            ne(submissions.id, row.id),
            row.method === SubmissionMethod.CREATE
              ? undefined
              : sql`${submissions.appliedAt} > ${row.appliedAt.toISOString()}::timestamptz`,
          ),
        );
      if ((later?.n ?? 0) > 0) {
        throw conflict(
          `This contribution cannot be discarded: later contributions to this ${kind} depend on it`,
        );
      }
      if (row.method === SubmissionMethod.CREATE) {
        const refs = await spec.references(tx, row.entityId);
        if (refs.length > 0) {
          throw conflict(
            `This ${kind} cannot be discarded because other things refer to it: ${refs.join(', ')}`,
          );
        }
        await spec.remove(uow, row.entityId);
      } else {
        const current = await spec.readSnapshot(tx, row.entityId);
        if (!current) throw conflict(`The ${kind} of this contribution no longer exists`);
        await spec.apply(uow, row.original!, {
          entityId: row.entityId,
          previous: current,
          authorId: row.userId,
        });
      }
    }
    await tx.delete(submissions).where(eq(submissions.id, id));
    await deleteThread(uow, spec.threadKind, id);
    await forgetSubjects(uow, [id]);
  });
}
