import type { DatePrecision } from '../schemas/catalogue';

const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A release date as precisely as it is known: '5 Mar 2024' (day), 'Mar 2024'
 * (month) or '2024' (year). The API sends the earliest possible day
 * ('YYYY-MM-DD'); it is read as a calendar date, never through a time zone,
 * so it cannot shift by a day. Missing or unreadable dates give ''.
 */
export function formatReleaseDate(
  date: string | null | undefined,
  precision: DatePrecision | null | undefined,
): string {
  const match = date ? DATE_PATTERN.exec(date) : null;
  if (!match) return '';
  const [, year = '', month = '', day = ''] = match;
  const monthName = MONTHS[Number(month) - 1];
  if (precision === 'year' || !monthName) return year;
  if (precision === 'month') return `${monthName} ${year}`;
  return `${Number(day)} ${monthName} ${year}`;
}
