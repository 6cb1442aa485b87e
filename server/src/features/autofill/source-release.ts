import {
  hasNonLatinLetters,
  isLatinForm,
  type AutofillRelease,
  type DatePrecision,
} from '@earmark/common';

/** A release as a service gave it, before its artists and labels are matched with Earmark's: what is cached. */
export type SourceRelease = Omit<AutofillRelease, 'artists' | 'labels'> & {
  artists: string[];
  labels: string[];
};

const PARTIAL_DATE = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/;

/** '2004', '2004-05' or '2004-05-12' as the earliest day it could be and its precision. */
export function partialDate(value: string | null | undefined): {
  date: string | null;
  datePrecision: DatePrecision | null;
} {
  const match = value ? PARTIAL_DATE.exec(value.trim()) : null;
  if (!match || match[1] === '0000') return { date: null, datePrecision: null };
  const [, year, month, day] = match;
  if (day) return { date: `${year}-${month}-${day}`, datePrecision: 'day' };
  if (month) return { date: `${year}-${month}-01`, datePrecision: 'month' };
  return { date: `${year}-01-01`, datePrecision: 'year' };
}

/**
 * Track numbers: as printed on a single disc; '1-01', '1-02', '2-01'... when
 * the release has several, so each disc starts again and the order sorts.
 */
export function trackNumber(
  disc: number,
  discs: number,
  position: number,
  printed?: string,
): string {
  if (discs > 1) return `${disc}-${String(position).padStart(2, '0')}`;
  return printed?.trim() || String(position);
}

/** The Latin form of a title, kept only where the form would accept it. */
export function latinTitle(title: string, candidate: string | null | undefined): string | null {
  if (!candidate || !hasNonLatinLetters(title)) return null;
  const value = candidate.trim();
  return isLatinForm(value) ? value : null;
}

/** Names once each, in order, blanks dropped. */
export function distinctNames(names: Iterable<string | null | undefined>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw?.trim();
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    out.push(name);
  }
  return out;
}
