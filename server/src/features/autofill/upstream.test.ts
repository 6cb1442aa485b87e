import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { inProcessSpacer, redisSpacer, type RequestSpacer } from './upstream';

const GAP_MS = 200;
const spacing = { service: 'MusicBrainz', gapMs: GAP_MS, maxWaitMs: 450 };

/** Asks for `n` turns at once; answers which were refused and how long each took. */
async function burst(spacer: RequestSpacer, n: number) {
  const started = Date.now();
  const outcomes = await Promise.all(
    Array.from({ length: n }, () =>
      spacer.turn().then(
        () => ({ refused: false, waitedMs: Date.now() - started }),
        (err: unknown) => {
          expect(err).toBeInstanceOf(AppError);
          expect((err as AppError).statusCode).toBe(503);
          expect((err as AppError).message).toBe(
            'MusicBrainz is busy; please try again in a moment',
          );
          return { refused: true, waitedMs: Date.now() - started };
        },
      ),
    ),
  );
  return outcomes;
}

function expectBoundedQueue(outcomes: { refused: boolean; waitedMs: number }[]) {
  // Turns 0, 200 and 400 ms away fit a 450 ms wait; the rest are refused at once.
  expect(outcomes.map((o) => o.refused)).toEqual([false, false, false, true, true]);
  for (const o of outcomes.filter((x) => x.refused)) expect(o.waitedMs).toBeLessThan(GAP_MS);
  const waits = outcomes.filter((o) => !o.refused).map((o) => o.waitedMs);
  expect(waits[2]!).toBeGreaterThanOrEqual(2 * GAP_MS - 5);
}

describe('request spacing', () => {
  it('refuses at once a turn further away than the caller will wait, without taking it', async () => {
    const spacer = inProcessSpacer(spacing);
    expectBoundedQueue(await burst(spacer, 5));
    // The refused callers left no slots behind: the next turn comes one gap after the last.
    const [next] = await burst(spacer, 1);
    expect(next!.refused).toBe(false);
  });

  const redisUrl = process.env.REDIS_URL;
  describe.skipIf(!redisUrl)('through Redis', () => {
    const redis = redisUrl ? new Redis(redisUrl) : null;
    afterAll(() => redis?.disconnect());

    it('refuses across instances a turn further away than the caller will wait', async () => {
      const key = `earmark-test:spacer-${Date.now()}`;
      // Wide gaps, so that round trips to a busy Redis cannot move a turn across the limit.
      const wide = { ...spacing, gapMs: 1000, maxWaitMs: 1500 };
      const a = redisSpacer(redis!, key, wide);
      const b = redisSpacer(redis!, key, wide);
      const outcomes = await Promise.all([burst(a, 3), burst(b, 2)]);
      expect(outcomes.flat().filter((o) => o.refused)).toHaveLength(3);
      await redis!.del(key);
    });
  });
});
