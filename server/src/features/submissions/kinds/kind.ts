import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { CommentTargetKind, SubmissionKind } from '@earmark/common';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../../db/client';
import type { artists, genres, labels, releases } from '../../../db/schema/catalogue';
import type { CoverFiles } from '../../../db/schema/catalogue';
import { isVisible } from '../../../db/visibility';
import { badRequest } from '../../../lib/errors';
import type { UnitOfWork } from '../../../lib/unit-of-work';

export type CatalogueTable = typeof releases | typeof artists | typeof labels | typeof genres;

/** What building a proposed snapshot may need beside the payload. */
export interface BuildContext {
  /** The entity's id (the one it gets, for a create). */
  entityId: string;
  /** Its state now; null for a create. */
  current: Record<string, unknown> | null;
  /** A new cover made from an uploaded or fetched image (releases). */
  cover?: CoverFiles;
}

export interface ApplyContext {
  entityId: string;
  /** The state the entity is in now; null when the change creates it. */
  previous: Record<string, unknown> | null;
  /** Who made the change (a release records its creator). */
  authorId: string;
}

/**
 * What differs between the four kinds of submission. The flow (statuses,
 * votes, discards, history) is one for all of them (../service.ts); a kind
 * only knows its payload, how to read and build its snapshot, how to write
 * a snapshot to its tables and what refers to one of its entities.
 */
export interface SubmissionKindSpec<Payload = unknown, Snapshot = Record<string, unknown>> {
  kind: SubmissionKind;
  /** The payload of a create or an edit (common). */
  schema: z.ZodType<Payload>;
  table: CatalogueTable;
  /** The 404 message when the entity is missing or hidden. */
  notFound: string;
  /** The comment thread kind of this kind's submissions. */
  threadKind: CommentTargetKind;
  /** Votes in one direction that decide a submission. */
  votesToDecide: number;
  /** Whether a create by someone below editor waits for votes (genres) instead of applying at once. */
  createWaitsForVotes: boolean;
  /** The entity's state now, or null when it does not exist or is hidden. */
  readSnapshot(db: DbOrTx, id: string): Promise<Snapshot | null>;
  /** The proposed state: ids resolved to names (400 naming unknown ids). */
  buildSnapshot(db: DbOrTx, payload: Payload, ctx: BuildContext): Promise<Snapshot>;
  /** Writes the snapshot to the entity tables and records the cache tags it drops. */
  apply(uow: UnitOfWork, snapshot: Snapshot, ctx: ApplyContext): Promise<void>;
  /** What a card is titled with. */
  title(snapshot: Snapshot): string;
  /** What refers to the entity, in words ('2 entries'); empty when nothing does. */
  references(db: DbOrTx, id: string): Promise<string[]>;
  /** Deletes the entity (and what only it owns). */
  remove(uow: UnitOfWork, id: string): Promise<void>;
}

/** A kind's description whatever its payload and snapshot (the flow treats them as data). */
export type AnyKindSpec = SubmissionKindSpec<any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * Names of visible catalogue rows by id, in the order asked (duplicates
 * dropped); 400 naming the ids that are unknown or hidden ('Unknown artist
 * ids: a1, b2').
 */
export async function resolveNamed(
  db: DbOrTx,
  table: typeof artists | typeof labels | typeof genres,
  ids: readonly string[],
  what: string,
): Promise<{ id: string; name: string }[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(and(inArray(table.id, wanted), isVisible(table)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw badRequest(`Unknown ${what} ids: ${unknown.join(', ')}`);
  return wanted.map((id) => byId.get(id)!);
}

/** Rows that refer to a thing, and how a discard refusal names one or many of them. */
export interface Reference {
  table: PgTable;
  where: SQL | undefined;
  one: string;
  many: string;
}

/**
 * How many rows of each reference match, in words for a discard refusal
 * ('1 entry', '3 entries'); nothing for those none match. Counted one
 * after the other: in a transaction they take turns on its connection.
 */
export async function counted(db: DbOrTx, ...references: Reference[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, where, one, many } of references) {
    const [row] = await db.select({ n: count() }).from(table).where(where);
    const n = row?.n ?? 0;
    if (n > 0) found.push(`${n} ${n === 1 ? one : many}`);
  }
  return found;
}

/** Whether the catalogue row exists and is visible. */
export async function isVisibleRow(db: DbOrTx, table: CatalogueTable, id: string) {
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), isVisible(table)))
    .limit(1);
  return row !== undefined;
}

/** Sets or clears the pending-deletion mark of an entity. */
export async function markPendingDeletion(tx: Tx, table: CatalogueTable, id: string) {
  await tx.update(table).set({ pendingDeletion: true }).where(eq(table.id, id));
}
