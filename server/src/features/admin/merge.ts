/**
 * Admin merge of two catalogue entities of one kind (artists, releases,
 * labels): every reference of the source moves to the target in one
 * transaction (merge-release.ts, merge-credits.ts), the source is marked as
 * merged into the target (hidden by the visibility rule, and its id leads
 * to the target), its open submissions close, the target's history records
 * the merge, the touched counters are recounted and the audit log keeps it.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import {
  MERGE_HIDDEN_ENTITY_MESSAGE,
  SubmissionMethod,
  SubmissionStatus,
  type ImpactLine,
  type MergeEntityType,
  type MergeReply,
} from '@earmark/common';
import type { DbOrTx, Tx } from '../../db/client';
import { recountCounters } from '../../db/recount';
import { artists, labels, releases } from '../../db/schema/catalogue';
import { submissions } from '../../db/schema/submissions';
import type { UserRow } from '../../db/schema/users';
import { cacheTags } from '../../lib/cache-tags';
import { AppError, conflict, notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { transact, type Writer } from '../../lib/unit-of-work';
import { specOf } from '../submissions/kinds';
import { creditMoves, moveCredits } from './merge-credits';
import { moveRelease, releaseMoves } from './merge-release';
import { recordAdminAction } from './audit';
import { assertAdmin } from './service';

export interface MergeRequest {
  entityType: MergeEntityType;
  mergeFromId: string;
  mergeIntoId: string;
}

const TABLES = { release: releases, artist: artists, label: labels } as const;
const NAMES = { release: releases.title, artist: artists.name, label: labels.name } as const;

interface Side {
  id: string;
  name: string;
  hidden: boolean;
}

/**
 * Both sides, by id (locked until the transaction ends when `lock`): 404
 * when either is unknown, 409 when either is merged or pending deletion.
 */
async function readSides(db: DbOrTx, input: MergeRequest, lock: boolean) {
  const table = TABLES[input.entityType];
  const ids = [input.mergeFromId, input.mergeIntoId];
  const query = db
    .select({
      id: table.id,
      name: NAMES[input.entityType],
      hidden: sql<boolean>`(${table.pendingDeletion} or ${table.mergedIntoId} is not null)`,
    })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(asc(table.id));
  const rows: Side[] = lock ? await query.for('update') : await query;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [source, target] = ids.map((id) => byId.get(id));
  if (!source || !target) throw notFound(specOf(input.entityType).notFound);
  if (source.hidden || target.hidden) throw conflict(MERGE_HIDDEN_ENTITY_MESSAGE);
  return { source, target };
}

function movesOf(db: DbOrTx, input: MergeRequest): Promise<ImpactLine[]> {
  const { entityType, mergeFromId: from, mergeIntoId: into } = input;
  return entityType === 'release'
    ? releaseMoves(db, from, into)
    : creditMoves(db, entityType, from, into);
}

/** The source's submissions a merge closes: open ones and auto-approved ones still votable. */
async function closingSubmissions(db: DbOrTx, input: MergeRequest) {
  return db
    .select({ id: submissions.id, status: submissions.status })
    .from(submissions)
    .where(
      sql`${submissions.kind} = ${input.entityType} and ${submissions.entityId} = ${input.mergeFromId}
        and ${submissions.status} in (${SubmissionStatus.OPEN}, ${SubmissionStatus.AUTO_APPROVED})`,
    );
}

const submissionsLine = (count: number): ImpactLine => ({
  key: 'submissions',
  label: 'Open contributions of the source closed',
  count,
});

const reply = (
  input: MergeRequest,
  sides: { source: Side; target: Side },
  moves: ImpactLine[],
) => ({
  entityType: input.entityType,
  source: { id: sides.source.id, name: sides.source.name },
  target: { id: sides.target.id, name: sides.target.name },
  moves,
});

/** GET admin/merge/preview: what a merge would move, without moving it. */
export async function previewMerge(
  db: DbOrTx,
  actor: UserRow,
  input: MergeRequest,
): Promise<MergeReply> {
  assertAdmin(actor);
  const sides = await readSides(db, input, false);
  const moves = await movesOf(db, input);
  const closing = await closingSubmissions(db, input);
  return reply(input, sides, [...moves, submissionsLine(closing.length)]);
}

/**
 * Closes the source's submissions: an open one is disapproved (it would
 * change a thing that no longer shows) and an auto-approved create is
 * confirmed, so no vote can later mark a merged thing for deletion.
 */
async function closeSubmissions(tx: Tx, closing: { id: string; status: number }[]) {
  for (const [from, to] of [
    [SubmissionStatus.OPEN, SubmissionStatus.DISAPPROVED],
    [SubmissionStatus.AUTO_APPROVED, SubmissionStatus.APPROVED],
  ] as const) {
    const ids = closing.filter((s) => s.status === from).map((s) => s.id);
    if (ids.length === 0) continue;
    await tx
      .update(submissions)
      .set({ status: to, updatedAt: sql`now()` })
      .where(inArray(submissions.id, ids));
  }
}

/** POST admin/merge: moves everything, in one transaction; answers what moved. */
export async function mergeEntities(
  scope: Writer,
  actor: UserRow,
  input: MergeRequest,
): Promise<MergeReply> {
  assertAdmin(actor);
  const { entityType: kind, mergeFromId: from, mergeIntoId: into } = input;
  const spec = specOf(kind);
  return transact(scope, async (uow) => {
    const { tx } = uow;
    const sides = await readSides(tx, input, true);
    const before = await spec.readSnapshot(tx, into);
    const moves = await movesOf(tx, input);
    const closing = await closingSubmissions(tx, input);

    if (kind === 'release') {
      await recountCounters(tx, await moveRelease(uow, from, into));
    } else {
      await moveCredits(tx, kind, from, into);
    }
    const table = TABLES[kind];
    // Things merged into the source earlier now lead straight to the target.
    await tx
      .update(table)
      .set({ mergedIntoId: into, updatedAt: sql`now()` })
      .where(sql`${table.id} = ${from} or ${table.mergedIntoId} = ${from}`);
    await closeSubmissions(tx, closing);

    // The target's history shows the merge as an applied change by the admin.
    const after = await spec.readSnapshot(tx, into);
    await tx.insert(submissions).values({
      id: newId(),
      kind,
      method: SubmissionMethod.UPDATE,
      status: SubmissionStatus.APPROVED,
      entityId: into,
      userId: actor.id,
      note: `Merged ${sides.source.name} into ${sides.target.name}`,
      original: before,
      changes: { ...after, mergedFrom: { id: from, name: sides.source.name } },
      appliedAt: sql`now()`,
    });

    const result = reply(input, sides, [...moves, submissionsLine(closing.length)]);
    await recordAdminAction(tx, {
      actorId: actor.id,
      action: 'merge',
      targetType: kind,
      targetId: from,
      before: { mergedIntoId: null },
      after: { mergedIntoId: into, moves: result.moves },
    });
    // The source leaves every page, list and search it was on.
    uow.invalidate(cacheTags.all);
    return result;
  });
}

/** Where a merged entity went (the id to lead its page to); null when it was not merged. */
export async function mergedInto(
  db: DbOrTx,
  kind: MergeEntityType,
  id: string,
): Promise<string | null> {
  const table = TABLES[kind];
  const [row] = await db
    .select({ into: table.mergedIntoId })
    .from(table)
    .where(eq(table.id, id))
    .limit(1);
  return row?.into ?? null;
}

const API_PATHS = { release: '/api/releases', artist: '/api/artists', label: '/api/labels' };

/**
 * Reads an entity's page; when it answers 404 because the entity was merged
 * away, answers 308 to the target's path instead, so every reader (the web's
 * pages, API clients) follows it to where the entity went.
 */
export async function followMerge<T>(
  db: DbOrTx,
  reply: FastifyReply,
  kind: MergeEntityType,
  id: string,
  read: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await read();
  } catch (err) {
    if (!(err instanceof AppError) || err.statusCode !== 404) throw err;
    const into = await mergedInto(db, kind, id);
    if (!into) throw err;
    return reply.redirect(`${API_PATHS[kind]}/${encodeURIComponent(into)}`, 308);
  }
}
