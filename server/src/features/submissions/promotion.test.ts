import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AccountStatus,
  ContributorStatus,
  SubmissionMethod,
  SubmissionStatus,
  TRUSTED_MIN_ACCOUNT_DAYS,
  TRUSTED_MIN_APPLIED,
  TRUSTED_MIN_RECENT_APPLIED,
  TRUSTED_RECENT_WINDOW_DAYS,
} from '@earmark/common';
import type { Db } from '../../db/client';
import { scheduledJobRuns, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { runDailyJob, runDueDailyJobs, utcDay } from '../../plugins/daily-jobs';
import { buildTestApp, createUser, type TestApp } from '../../../test/helpers';
import { runTrustedPromotion, TRUSTED_PROMOTION_JOB } from './promotion';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** `count` applied (or, with `appliedAt: null`, open) submissions by `userId`, in one statement. */
async function addSubmissions(
  db: Db,
  userId: string,
  count: number,
  appliedAt: Date | null,
): Promise<void> {
  if (count === 0) return;
  const at = appliedAt?.toISOString() ?? null;
  const status = appliedAt ? SubmissionStatus.AUTO_APPROVED : SubmissionStatus.DISAPPROVED;
  await db.execute(sql`
    insert into submissions (id, kind, method, status, entity_id, user_id, note, changes, created_at, applied_at)
    select ${newId()} || '-' || g, 'release', ${SubmissionMethod.CREATE}, ${status},
           ${newId()} || '-' || g, ${userId}, '', '{}'::jsonb,
           coalesce(${at}::timestamptz, now()), ${at}::timestamptz
    from generate_series(1, ${count}) g
  `);
}

interface Person {
  contributorStatus?: number;
  accountStatus?: number;
  ageDays?: number;
  /** Applied well before the recent window. */
  old?: number;
  /** Applied inside the recent window. */
  recent?: number;
  /** Never applied. */
  unapplied?: number;
}

describe('the trusted promotion', () => {
  let t: TestApp;
  const now = new Date();

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t?.close());

  async function person(p: Person): Promise<string> {
    const { user } = await createUser(t.db, {
      contributorStatus: p.contributorStatus ?? ContributorStatus.CONTRIBUTOR,
      accountStatus: p.accountStatus ?? AccountStatus.CONFIRMED,
      createdAt: daysBefore(now, p.ageDays ?? TRUSTED_MIN_ACCOUNT_DAYS + 1),
    });
    await addSubmissions(
      t.db,
      user.id,
      p.old ?? 0,
      daysBefore(now, TRUSTED_RECENT_WINDOW_DAYS + 5),
    );
    await addSubmissions(t.db, user.id, p.recent ?? 0, daysBefore(now, 2));
    await addSubmissions(t.db, user.id, p.unapplied ?? 0, null);
    return user.id;
  }

  const enough = {
    old: TRUSTED_MIN_APPLIED - TRUSTED_MIN_RECENT_APPLIED,
    recent: TRUSTED_MIN_RECENT_APPLIED,
  };

  async function statuses(ids: string[]): Promise<Map<string, number>> {
    const rows = await t.db
      .select({ id: users.id, status: users.contributorStatus })
      .from(users)
      .where(inArray(users.id, ids));
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  it('promotes those who qualify, demotes those who no longer do and leaves everyone else', async () => {
    const { CONTRIBUTOR, TRUSTED_CONTRIBUTOR, EDITOR, ADMIN, NOT_A_CONTRIBUTOR } =
      ContributorStatus;
    const ids = {
      qualifies: await person(enough),
      exactlyOnTheDay: await person({ ...enough, ageDays: TRUSTED_MIN_ACCOUNT_DAYS }),
      tooYoung: await person({ ...enough, ageDays: TRUSTED_MIN_ACCOUNT_DAYS - 1 }),
      oneShort: await person({ ...enough, old: enough.old - 1 }),
      notRecent: await person({ old: enough.old + 1, recent: TRUSTED_MIN_RECENT_APPLIED - 1 }),
      unappliedDoNotCount: await person({ ...enough, old: enough.old - 1, unapplied: 50 }),
      trustedStill: await person({ ...enough, contributorStatus: TRUSTED_CONTRIBUTOR }),
      trustedIdle: await person({
        old: TRUSTED_MIN_APPLIED + 50,
        contributorStatus: TRUSTED_CONTRIBUTOR,
      }),
      editorIdle: await person({ contributorStatus: EDITOR }),
      editorBusy: await person({ ...enough, contributorStatus: EDITOR }),
      adminIdle: await person({ contributorStatus: ADMIN }),
      notContributor: await person({ ...enough, contributorStatus: NOT_A_CONTRIBUTOR }),
      banned: await person({ ...enough, accountStatus: AccountStatus.BANNED }),
      deletedTrusted: await person({
        contributorStatus: TRUSTED_CONTRIBUTOR,
        accountStatus: AccountStatus.DELETED,
      }),
    };

    const result = await runTrustedPromotion(t.db, now);
    expect(result.promoted).toBe(2);
    expect(result.demoted).toBe(1);
    expect(new Set(result.userIds)).toEqual(
      new Set([ids.qualifies, ids.exactlyOnTheDay, ids.trustedIdle]),
    );

    const after = await statuses(Object.values(ids));
    expect(Object.fromEntries(Object.entries(ids).map(([k, id]) => [k, after.get(id)]))).toEqual({
      qualifies: TRUSTED_CONTRIBUTOR,
      exactlyOnTheDay: TRUSTED_CONTRIBUTOR,
      tooYoung: CONTRIBUTOR,
      oneShort: CONTRIBUTOR,
      notRecent: CONTRIBUTOR,
      unappliedDoNotCount: CONTRIBUTOR,
      trustedStill: TRUSTED_CONTRIBUTOR,
      trustedIdle: CONTRIBUTOR,
      editorIdle: EDITOR,
      editorBusy: EDITOR,
      adminIdle: ADMIN,
      notContributor: NOT_A_CONTRIBUTOR,
      banned: CONTRIBUTOR,
      deletedTrusted: TRUSTED_CONTRIBUTOR,
    });

    // Run again the same day: nothing left to change.
    expect(await runTrustedPromotion(t.db, now)).toEqual({ promoted: 0, demoted: 0, userIds: [] });

    // A month later nobody has applied anything recently: the trusted go back.
    const later = new Date(now.getTime() + (TRUSTED_RECENT_WINDOW_DAYS + 1) * DAY_MS);
    const monthOn = await runTrustedPromotion(t.db, later);
    expect(monthOn.promoted).toBe(0);
    expect(new Set(monthOn.userIds)).toEqual(
      new Set([ids.qualifies, ids.exactlyOnTheDay, ids.trustedStill]),
    );
    const [deleted] = await t.db
      .select({ status: users.contributorStatus })
      .from(users)
      .where(eq(users.id, ids.deletedTrusted));
    expect(deleted?.status).toBe(TRUSTED_CONTRIBUTOR);
  });

  it('claims a day once, even when two instances claim it at the same time', async () => {
    let runs = 0;
    const job = async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return runs;
    };
    const name = `test-job-${newId(6)}`;
    const both = await Promise.all([
      runDailyJob(t.db, name, now, job),
      runDailyJob(t.db, name, now, job),
    ]);
    expect(runs).toBe(1);
    expect(both.filter((r) => r !== null)).toEqual([{ result: 1 }]);
    expect(await runDailyJob(t.db, name, now, job)).toBeNull();

    const [row] = await t.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.name, name));
    expect(row?.lastRunOn).toBe(utcDay(now));
    expect(row?.finishedAt).not.toBeNull();

    // The next day it runs again.
    const tomorrow = new Date(now.getTime() + DAY_MS);
    expect(await runDailyJob(t.db, name, tomorrow, job)).toEqual({ result: 2 });
  });

  it('leaves the day unclaimed when the job fails', async () => {
    const name = `test-job-${newId(6)}`;
    await expect(
      runDailyJob(t.db, name, now, async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(await runDailyJob(t.db, name, now, async () => 'ran')).toEqual({ result: 'ran' });
  });
});

describe('the daily jobs in a running app', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('runs the promotion when the app starts, and again on a later day', async () => {
    t = await buildTestApp({ env: { DAILY_JOBS: 'true' } });
    const now = new Date();
    const row = async () =>
      (
        await t.db
          .select()
          .from(scheduledJobRuns)
          .where(eq(scheduledJobRuns.name, TRUSTED_PROMOTION_JOB))
      )[0];
    for (let i = 0; i < 200 && !(await row())?.finishedAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await row())?.lastRunOn).toBe(utcDay(now));
    expect((await row())?.finishedAt).not.toBeNull();

    const { user } = await createUser(t.db, {
      createdAt: daysBefore(now, TRUSTED_MIN_ACCOUNT_DAYS + 1),
    });
    await addSubmissions(t.db, user.id, TRUSTED_MIN_APPLIED, daysBefore(now, 1));
    // Today is taken: nothing runs until the next day.
    await runDueDailyJobs(t.app, now);
    const status = async () =>
      (
        await t.db.select({ s: users.contributorStatus }).from(users).where(eq(users.id, user.id))
      )[0]?.s;
    expect(await status()).toBe(ContributorStatus.CONTRIBUTOR);
    await runDueDailyJobs(t.app, new Date(now.getTime() + DAY_MS));
    expect(await status()).toBe(ContributorStatus.TRUSTED_CONTRIBUTOR);
  });
});
