import { sql } from 'drizzle-orm';
import {
  ContributorStatus,
  HIDDEN_ACCOUNT_STATUSES,
  TRUSTED_MIN_ACCOUNT_DAYS,
  TRUSTED_MIN_APPLIED,
  TRUSTED_MIN_RECENT_APPLIED,
  TRUSTED_RECENT_WINDOW_DAYS,
} from '@earmark/common';
import type { DbOrTx } from '../../db/client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The name of the promotion's row in `scheduled_job_runs`. */
export const TRUSTED_PROMOTION_JOB = 'trusted-promotion';

export interface PromotionResult {
  promoted: number;
  demoted: number;
  /** Whose status changed, so their cached public faces (badges) can be dropped. */
  userIds: string[];
}

/**
 * Promotes to TRUSTED_CONTRIBUTOR every contributor who qualifies (see the
 * TRUSTED_* constants) and demotes to CONTRIBUTOR every trusted contributor
 * who no longer does, as of `now`, in one statement. Editors, admins, those
 * who are not contributors and banned or deleted accounts are left as they
 * are; a row whose status changed meanwhile (an admin's edit) is skipped.
 */
export async function runTrustedPromotion(db: DbOrTx, now: Date): Promise<PromotionResult> {
  const createdBefore = new Date(now.getTime() - TRUSTED_MIN_ACCOUNT_DAYS * DAY_MS);
  const recentSince = new Date(now.getTime() - TRUSTED_RECENT_WINDOW_DAYS * DAY_MS);
  const contributor = ContributorStatus.CONTRIBUTOR;
  const trusted = ContributorStatus.TRUSTED_CONTRIBUTOR;
  const hidden = sql.raw(HIDDEN_ACCOUNT_STATUSES.join(', '));
  const result = await db.execute(sql`
    with candidates as (
      select u.id, u.contributor_status, u.created_at
      from users u
      where u.contributor_status in (${contributor}, ${trusted})
        and u.account_status not in (${hidden})
    ),
    applied as (
      select s.user_id,
             count(*) as total,
             count(*) filter (where s.applied_at >= ${recentSince.toISOString()}::timestamptz) as recent
      from submissions s
      where s.applied_at is not null
        and s.applied_at <= ${now.toISOString()}::timestamptz
        and s.user_id in (select id from candidates)
      group by s.user_id
    ),
    decided as (
      select c.id,
             c.contributor_status as was,
             (c.created_at <= ${createdBefore.toISOString()}::timestamptz
               and coalesce(a.total, 0) >= ${TRUSTED_MIN_APPLIED}
               and coalesce(a.recent, 0) >= ${TRUSTED_MIN_RECENT_APPLIED}) as qualifies
      from candidates c
      left join applied a on a.user_id = c.id
    )
    update users u
    set contributor_status = case when d.qualifies then ${trusted}::int else ${contributor}::int end,
        updated_at = ${now.toISOString()}::timestamptz
    from decided d
    where u.id = d.id
      and u.contributor_status = d.was
      and d.qualifies = (d.was = ${contributor})
    returning u.id, u.contributor_status
  `);
  const rows = (result as unknown as { rows: { id: string; contributor_status: number }[] }).rows;
  return {
    promoted: rows.filter((r) => Number(r.contributor_status) === trusted).length,
    demoted: rows.filter((r) => Number(r.contributor_status) === contributor).length,
    userIds: rows.map((r) => r.id),
  };
}
