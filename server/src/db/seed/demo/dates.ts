import type { DatePrecision } from '../../schema/catalogue';

const DAY_MS = 24 * 60 * 60 * 1000;

/** 'YYYY-MM-DD' of a moment, as a UTC calendar day. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Turns a demo date into the stored form: the earliest day the release could
 * be, with its precision. 'YYYY' → 1 January (year), 'YYYY-MM' → the 1st
 * (month), 'YYYY-MM-DD' as is (day), and '+12d' / '-5d' → that many days
 * after or before `now` (day), which keeps some releases upcoming or fresh
 * whenever the catalogue is seeded. '-40d/year' is 40 days before `now` but
 * never before 1 January of `now`'s year, so the release is out this year
 * whatever day the seed runs (the year's top list reads those).
 */
export function resolveDemoDate(
  text: string,
  now: Date,
): { date: string; datePrecision: DatePrecision } {
  const thisYear = /^-(\d+)d\/year$/.exec(text);
  if (thisYear) {
    const day = utcDay(new Date(now.getTime() - Number(thisYear[1]) * DAY_MS));
    const yearStart = `${now.getUTCFullYear()}-01-01`;
    return { date: day < yearStart ? yearStart : day, datePrecision: 'day' };
  }
  const relative = /^([+-])(\d+)d$/.exec(text);
  if (relative) {
    const days = Number(relative[2]) * (relative[1] === '-' ? -1 : 1);
    return { date: utcDay(new Date(now.getTime() + days * DAY_MS)), datePrecision: 'day' };
  }
  if (/^\d{4}$/.test(text)) return { date: `${text}-01-01`, datePrecision: 'year' };
  if (/^\d{4}-\d{2}$/.test(text)) return { date: `${text}-01`, datePrecision: 'month' };
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return { date: text, datePrecision: 'day' };
  throw new Error(`Not a demo date: ${text}`);
}

/** Start of a UTC calendar day 'YYYY-MM-DD', in milliseconds. */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`);
}

export { DAY_MS };
