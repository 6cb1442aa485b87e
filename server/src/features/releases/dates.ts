const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The UTC calendar day of an instant, as 'YYYY-MM-DD' (how release dates are stored). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** A calendar day moved by whole days ('2024-03-01', -1 → '2024-02-29'). */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The start of the UTC minute of an instant. */
export function wholeMinute(at: Date): Date {
  return new Date(at.getTime() - (at.getTime() % MINUTE_MS));
}

/** The instant `days` days before `at`. */
export function daysBefore(at: Date, days: number): Date {
  return new Date(at.getTime() - days * DAY_MS);
}
