/**
 * The reports queue admins work through: open reports oldest first (the
 * longest waiting on top), closed ones newest first, each with a short name
 * of what was reported and the page that shows it. Closing a report records
 * an audit entry in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  AccountStatus,
  CommentTargetKind,
  REPORT_ALREADY_CLOSED_MESSAGE,
  type CloseReportInput,
  type ReportEntry,
  type ReportStatus,
  type ReportType,
  type ReportsPage,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { artists, labels } from '../../db/schema/catalogue';
import { comments, reports, type ReportRow } from '../../db/schema/comments';
import { lists } from '../../db/schema/lists';
import { users, type UserRow } from '../../db/schema/users';
import { conflict, notFound } from '../../lib/errors';
import { keyColumns, orderByKeys, type SortKey } from '../../lib/keyset';
import { readKeysetPage } from '../../lib/keyset-page';
import { transact, type WriteScope } from '../../lib/unit-of-work';
import { assertAdmin } from '../admin/service';
import { recordAdminAction } from '../admin/audit';
import { describeThread } from '../comments/places';
import { toUserRef, userRefColumns, type UserRefColumns } from '../users/present';
import { withFields } from '../../lib/objects';

export const REPORT_NOT_FOUND = 'Report not found';

/** How much of a comment names it in the queue. */
const COMMENT_LABEL_LENGTH = 80;

/** A reported thing in words and as a page; null when it is gone. */
interface Described {
  label: string;
  link: string | null;
}

type Describe = (db: DbOrTx, id: string) => Promise<Described | null>;

/** A thing with a name column and a page at `/<kind>/<id>`. */
function named(table: typeof artists | typeof labels, kind: string): Describe {
  return async (db, id) => {
    const [row] = await db.select({ name: table.name }).from(table).where(eq(table.id, id));
    return row ? { label: row.name, link: `/${kind}/${id}` } : null;
  };
}

/** A comment thread's place (release, review), named as others read it. */
function threadPlace(kind: CommentTargetKind): Describe {
  return async (db, id) => {
    const place = await describeThread(db, kind, id);
    return place.link ? { label: place.theirs, link: place.link } : null;
  };
}

const describers: Record<ReportType, Describe> = {
  release: threadPlace(CommentTargetKind.RELEASE),
  artist: named(artists, 'artist'),
  label: named(labels, 'label'),
  review: threadPlace(CommentTargetKind.REVIEW),
  user: async (db, id) => {
    const [row] = await db.select({ username: users.username }).from(users).where(eq(users.id, id));
    return row ? { label: row.username, link: `/${row.username}` } : null;
  },
  list: async (db, id) => {
    const [row] = await db.select({ title: lists.title }).from(lists).where(eq(lists.id, id));
    return row ? { label: row.title, link: `/list/${id}` } : null;
  },
  // A comment: its start, on the page of the thread it is on.
  comment: async (db, id) => {
    const [row] = await db
      .select({ body: comments.body, entityType: comments.entityType, entityId: comments.entityId })
      .from(comments)
      .where(eq(comments.id, id));
    if (!row) return null;
    const words = row.body.replace(/\s+/g, ' ').trim();
    const label =
      words.length > COMMENT_LABEL_LENGTH ? `${words.slice(0, COMMENT_LABEL_LENGTH - 1)}…` : words;
    const place = await describeThread(db, row.entityType as CommentTargetKind, row.entityId);
    return { label, link: place.link };
  },
};

async function toEntry(
  db: DbOrTx,
  report: ReportRow,
  reporter: (UserRefColumns & { status: number }) | null,
): Promise<ReportEntry> {
  const described = await describers[report.type as ReportType](db, report.targetId);
  return {
    id: report.id,
    type: report.type as ReportType,
    targetId: report.targetId,
    targetLabel: described?.label ?? null,
    link: described?.link ?? null,
    reason: report.reason,
    status: report.status,
    note: report.note,
    // A deleted account is anonymised: there is nobody left to name.
    reporter: reporter && reporter.status !== AccountStatus.DELETED ? toUserRef(reporter) : null,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}

const reporterColumns = { ...userRefColumns, status: users.accountStatus };

/** Open reports wait oldest first; closed ones read newest first. */
function keysFor(status: ReportStatus): SortKey[] {
  const desc = status !== 'open';
  return [
    { expr: reports.createdAt, type: 'timestamptz', desc },
    { expr: reports.id, type: 'text', desc },
  ];
}

/** GET admin/reports: one status's reports by page number or cursor (admins only). */
export async function readReports(
  db: DbOrTx,
  actor: UserRow,
  request: { status: ReportStatus; page: number; pageSize: number; cursor?: string },
): Promise<ReportsPage> {
  assertAdmin(actor);
  const keys = keysFor(request.status);
  const ofStatus = eq(reports.status, request.status);
  const { rows, fields } = await readKeysetPage(
    {
      name: `reports-${request.status}`,
      keys,
      rows: (limit, offset, after) =>
        db
          .select({ report: reports, reporter: reporterColumns, ...keyColumns(keys) })
          .from(reports)
          .innerJoin(users, eq(users.id, reports.userId))
          .where(and(ofStatus, after?.condition))
          .orderBy(...orderByKeys(keys))
          .limit(limit)
          .offset(offset),
      total: () => db.$count(reports, ofStatus),
    },
    request,
  );
  const entries: ReportEntry[] = [];
  for (const row of rows) entries.push(await toEntry(db, row.report, row.reporter));
  return withFields(fields, { reports: entries });
}

/** PATCH admin/reports/{id}: resolves or dismisses an open report, with an audit entry. */
export async function closeReport(
  scope: WriteScope,
  actor: UserRow,
  id: string,
  input: CloseReportInput,
): Promise<ReportEntry> {
  assertAdmin(actor);
  return transact(scope, async (uow) => {
    const [found] = await uow.tx.select().from(reports).where(eq(reports.id, id)).for('update');
    if (!found) throw notFound(REPORT_NOT_FOUND);
    if (found.status !== 'open') throw conflict(REPORT_ALREADY_CLOSED_MESSAGE);
    const note = input.note ?? null;
    const [closed] = await uow.tx
      .update(reports)
      .set({ status: input.status, note, resolvedAt: sql`now()` })
      .where(eq(reports.id, id))
      .returning();
    await recordAdminAction(uow.tx, {
      actorId: actor.id,
      action: 'report',
      targetType: 'report',
      targetId: id,
      before: { status: found.status },
      after: { status: input.status, note },
    });
    const [reporter] = await uow.tx
      .select(reporterColumns)
      .from(users)
      .where(eq(users.id, found.userId));
    return toEntry(uow.tx, closed!, reporter ?? null);
  });
}
