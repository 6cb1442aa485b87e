import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { scheduledJobRuns } from '../db/schema/index';
import { userWriteTags } from '../lib/cache-tags';
import { runTrustedPromotion, TRUSTED_PROMOTION_JOB } from '../features/submissions/promotion';

/** How often each instance looks whether a daily job is due. */
export const DAILY_JOBS_CHECK_MS = 60 * 60 * 1000;

/** The UTC day of `now`, as the text kept in `scheduled_job_runs.last_run_on`. */
export function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Runs `job` once per UTC day across every instance sharing the database.
 * The day is claimed with one statement (a row per job name whose
 * `last_run_on` moves forward only once a day) in the transaction that runs
 * the job, so a second instance claiming the same day waits for the first to
 * commit and then finds the day taken, and a job that fails leaves the day
 * unclaimed for the next check. Returns what the job returned, or null when
 * the day was already taken.
 */
export async function runDailyJob<T>(
  db: Db,
  name: string,
  now: Date,
  job: (tx: Tx) => Promise<T>,
): Promise<{ result: T } | null> {
  const today = utcDay(now);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledJobRuns)
      .values({ name, lastRunOn: today })
      .onConflictDoUpdate({
        target: scheduledJobRuns.name,
        set: { lastRunOn: today, finishedAt: null },
        setWhere: sql`${scheduledJobRuns.lastRunOn} < ${today}`,
      })
      .returning({ name: scheduledJobRuns.name });
    if (claimed.length === 0) return null;
    const result = await job(tx);
    await tx
      .update(scheduledJobRuns)
      .set({ finishedAt: now })
      .where(sql`${scheduledJobRuns.name} = ${name}`);
    return { result };
  });
}

/** Every daily job, run in turn on each check. */
export async function runDueDailyJobs(app: FastifyInstance, now = new Date()): Promise<void> {
  const promotion = await runDailyJob(app.db, TRUSTED_PROMOTION_JOB, now, (tx) =>
    runTrustedPromotion(tx, now),
  );
  if (promotion) {
    const { promoted, demoted, userIds } = promotion.result;
    // Contributor badges show on cached pages; drop those of the people who changed.
    if (userIds.length > 0) app.readCache.invalidate(...userIds.flatMap(userWriteTags));
    app.log.info({ job: TRUSTED_PROMOTION_JOB, promoted, demoted }, 'daily job ran');
  }
}

/**
 * Runs the daily jobs in-process: once when the app is ready, then every
 * hour; the first instance to claim a day runs it. Stopped, and its running
 * check awaited, when the app closes.
 */
export const dailyJobs = fp(
  async (app: FastifyInstance) => {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let closing = false;

    const check = () => {
      if (closing) return;
      running = running
        .then(() => runDueDailyJobs(app))
        .catch((err: unknown) => app.log.error({ err }, 'daily jobs failed'));
    };

    app.addHook('onReady', async () => {
      check();
      timer = setInterval(check, DAILY_JOBS_CHECK_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'daily-jobs' },
);
