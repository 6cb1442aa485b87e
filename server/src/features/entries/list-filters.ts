import {
  and,
  eq,
  gte,
  isNotNull,
  lt,
  sql,
  type AnyColumn,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { releaseArtists, releaseGenres, releaseLabels } from '../../db/schema/catalogue';
import { entries, entryTags } from '../../db/schema/entries';
import type { Binder } from '../../db/prepared';
import { valueUnseenByPlanner } from '../../db/page-bounds';
import type { ParsedEntriesQuery } from './list';
import { REVIEW_SORTS } from './totals';

/** The conditions of the entries lists: whose list it is, and the filters that narrow it. */

/** Release years [from, to) as date bounds ('YYYY-01-01'), bound as `name`From and `name`To. */
function yearRange(date: AnyColumn, b: Binder, name: string, from: number, to: number): SQL[] {
  const day = (y: number) => `${String(y).padStart(4, '0')}-01-01`;
  return [gte(date, b.bind(`${name}From`, day(from))), lt(date, b.bind(`${name}To`, day(to)))];
}

/**
 * The conditions on the entry's release, read from the entry's copies of
 * its release's date and type (kept by triggers), so neither the page nor
 * a count looks a release up for them: a count of a user's entries of a
 * decade or a type is a range of entries_user_release_date_idx or
 * entries_user_release_type_idx. (Filtering on the releases themselves, as
 * a join, the planner read every release of the decade or type, 14,000 to
 * 45,000 rows, to hash them; per entry, a count looked up each of a user's
 * releases: see decisions.)
 */
function releaseFilters(query: ParsedEntriesQuery, b: Binder): SQL[] {
  const out: SQL[] = [];
  const date = entries.releaseDate;
  if (query.year !== undefined) out.push(...yearRange(date, b, 'year', query.year, query.year + 1));
  if (query.decade !== undefined) {
    out.push(...yearRange(date, b, 'decade', query.decade, query.decade + 10));
  }
  if (query.type !== undefined) out.push(eq(entries.releaseType, b.bind('type', query.type)));
  return out;
}

/**
 * The genre, artist and label filters. A release belongs to a genre while
 * the genre's net score on it is positive. On a user's entries they read
 * the entries' copies of their release's genres and credits (kept by
 * triggers, in entries_user_release_type_idx): the user's matching
 * releases are one index-only range, hashed, where a probe per entry
 * looked up every one of the user's releases (614 for a user of 614
 * entries, page and total alike). Elsewhere (a release's or the site's
 * entries) each is an indexed probe per entry.
 */
function creditFilters(query: ParsedEntriesQuery, b: Binder, userId: SQL | undefined): SQL[] {
  if (userId) {
    const copies = [
      query.genre &&
        sql`copies.release_genre_ids @> array[${b.bind('genre', query.genre)}]::text[]`,
      query.artist &&
        sql`copies.release_artist_ids @> array[${b.bind('artist', query.artist)}]::text[]`,
      query.label &&
        sql`copies.release_label_ids @> array[${b.bind('label', query.label)}]::text[]`,
    ].filter((c): c is SQL => Boolean(c));
    if (copies.length === 0) return [];
    return [
      sql`${entries.releaseId} in (select copies.release_id from ${entries} copies
        where copies.user_id = ${userId} and ${and(...copies)})`,
    ];
  }
  const out: SQL[] = [];
  if (query.genre) {
    out.push(sql`exists (select 1 from ${releaseGenres} rg
      where rg.release_id = ${entries.releaseId} and rg.genre_id = ${b.bind('genre', query.genre)}
        and rg.score > 0)`);
  }
  if (query.artist) {
    out.push(sql`exists (select 1 from ${releaseArtists} ra
      where ra.release_id = ${entries.releaseId} and ra.artist_id = ${b.bind('artist', query.artist)})`);
  }
  if (query.label) {
    out.push(sql`exists (select 1 from ${releaseLabels} rl
      where rl.release_id = ${entries.releaseId} and rl.label_id = ${b.bind('label', query.label)})`);
  }
  return out;
}

/**
 * The conditions of the query: whose or which release's list it is
 * (`scope`), and the filters that narrow it; each is an indexed condition
 * or semi-join. Values are bound, so the text depends only on which
 * filters are given.
 */
export function filters(
  query: ParsedEntriesQuery,
  b: Binder,
  releaseId: Placeholder | undefined,
): { scope: SQL[]; narrowing: SQL[]; userId: SQL | undefined } {
  const scope: SQL[] = [];
  if (releaseId) scope.push(eq(entries.releaseId, releaseId));
  // Unseen by the planner (see valueUnseenByPlanner), as a cursor's values are
  // (see afterKeys): a plan made for a user with fewer entries than most looked
  // cheaper than the generic one, so their cursor pages were planned on every
  // run. The generic plan is the one every other page of theirs runs.
  const userId = query.userId
    ? valueUnseenByPlanner(b.bind('userId', query.userId), 'text')
    : undefined;
  if (userId) scope.push(eq(entries.userId, userId));
  const out: SQL[] = [];
  // withReview=false asks for no restriction, the same as leaving it out. A
  // review sort restricts to reviews already (sortPlan); the planner would
  // count the same condition twice and misjudge the rows (see decisions).
  if (query.withReview && !REVIEW_SORTS.has(query.sortBy)) {
    b.mark('withReview');
    out.push(isNotNull(entries.review));
  }
  out.push(...releaseFilters(query, b));
  if (query.bucket !== undefined) {
    // Buckets are whole points on the 0-10 scale; a perfect 100 has bucket 10 to itself.
    const low = query.bucket * 10;
    const high = query.bucket === 10 ? 100 : low + 9;
    out.push(sql`${entries.rating} between ${b.bind('low', low)} and ${b.bind('high', high)}`);
  }
  out.push(...creditFilters(query, b, userId));
  if (query.tag) {
    out.push(sql`exists (select 1 from ${entryTags} et
      where et.entry_id = ${entries.id} and et.tag_id = ${b.bind('tag', query.tag)})`);
  }
  return { scope, narrowing: out, userId };
}
