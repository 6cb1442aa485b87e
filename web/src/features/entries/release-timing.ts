/** Today's calendar day in UTC ('YYYY-MM-DD'), the day the server counts releases by. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether a release is still to come. Its date is the earliest day it could
 * be out (a year-only date reads as 1 January), so it counts as released from
 * that day on, as the server does. A release without a date is not future.
 */
export function isFutureRelease(date: string | null | undefined, now: Date = new Date()): boolean {
  if (!date) return false;
  return date.slice(0, 10) > todayUtc(now);
}
