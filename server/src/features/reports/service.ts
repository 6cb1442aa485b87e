/**
 * Reports of things that break the rules, stored for the moderation queue.
 * A report names a thing the reporter may read (the targets registry); one
 * report per reporter and thing stays open at a time, which the partial
 * unique index `reports_open_key` decides between concurrent requests.
 */
import type { CreateReportInput } from '@earmark/common';
import { reports } from '../../db/schema/comments';
import type { UserRow } from '../../db/schema/users';
import { conflict } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { transact, type WriteScope } from '../../lib/unit-of-work';
import { requireReadableTarget } from '../targets/registry';

export const ALREADY_REPORTED = 'You have already reported this';

/** Files a report; 404 for a thing the reporter cannot see, 409 while theirs is open. */
export async function createReport(
  scope: WriteScope,
  reporter: UserRow,
  input: CreateReportInput,
): Promise<{ id: string }> {
  return transact(scope, async (uow) => {
    const target = await requireReadableTarget(uow.tx, input.type, input.id, reporter);
    const [row] = await uow.tx
      .insert(reports)
      .values({
        id: newId(),
        userId: reporter.id,
        type: input.type,
        targetId: target.id,
        reason: input.reason,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!row) throw conflict(ALREADY_REPORTED);
    return { id: row.id };
  });
}
