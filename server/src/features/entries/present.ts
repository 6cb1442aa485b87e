import { and, asc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import {
  AccountStatus,
  type Entry,
  type Tag,
  type TrackVote,
  type VoteType,
} from '@earmark/common';
import { anyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { releases, tracks } from '../../db/schema/catalogue';
import {
  entries,
  entryTags,
  reviewVotes,
  trackVotes,
  userTags,
  type EntryRow,
} from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import type { ReleaseRow } from '../releases/present';
import { toSummaries, viewerEntriesOf, type ReleaseViewer } from '../releases/summaries';
import { isVisible } from '../releases/visibility';
import { toUserRef, type UserRefColumns } from '../users/present';

/** The user columns an entry shows. */
export const entryUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  imageSm: users.imageSm,
  imageMd: users.imageMd,
  supporter: users.supporter,
};
export type EntryUserRow = UserRefColumns;

/** An entry row with its owner and release, as the list queries select them. */
export interface EntryBundle {
  entry: EntryRow;
  user: EntryUserRow;
  release: ReleaseRow;
}

/** Accounts whose public content is hidden: banned (until unbanned) and deleted. */
export const HIDDEN_ACCOUNT_STATUSES: number[] = [AccountStatus.BANNED, AccountStatus.DELETED];

/**
 * Entries anyone may see: their owner is neither banned nor deleted and
 * their release is visible. Needs `users` and `releases` joined to entries.
 */
export function visibleEntry(): SQL {
  return and(notInArray(users.accountStatus, HIDDEN_ACCOUNT_STATUSES), isVisible(releases))!;
}

function groupBy<T, V>(rows: readonly T[], key: (r: T) => string, value: (r: T) => V) {
  const out = new Map<string, V[]>();
  for (const r of rows) {
    const list = out.get(key(r));
    if (list) list.push(value(r));
    else out.set(key(r), [value(r)]);
  }
  return out;
}

/**
 * Entries in the API shape, keeping their order. Whatever the number of
 * entries, the public parts load in a fixed number of queries run side by
 * side (tags, track votes, release summaries), then a signed-in viewer's
 * own parts in two more (see withViewerParts).
 */
export async function presentEntries(
  db: DbOrTx,
  bundles: readonly EntryBundle[],
  viewer: ReleaseViewer,
): Promise<Entry[]> {
  const list = await presentPublicEntries(db, bundles);
  return viewer ? withViewerParts(db, list, viewer) : list;
}

/** Entries as everyone sees them: no review vote or entry of the viewer's. */
async function presentPublicEntries(db: DbOrTx, bundles: readonly EntryBundle[]): Promise<Entry[]> {
  if (bundles.length === 0) return [];
  const ids = bundles.map((b) => b.entry.id);
  const uniqueReleases = [...new Map(bundles.map((b) => [b.release.id, b.release])).values()];

  const [tagRows, voteRows, summaries] = await Promise.all([
    db
      .select({ entryId: entryTags.entryId, id: userTags.id, name: userTags.name })
      .from(entryTags)
      .innerJoin(userTags, eq(userTags.id, entryTags.tagId))
      .where(anyOf(entryTags.entryId, ids))
      .orderBy(sql`lower(${userTags.name})`, asc(userTags.id)),
    db
      .select({ entryId: trackVotes.entryId, trackId: trackVotes.trackId, vote: trackVotes.vote })
      .from(trackVotes)
      .innerJoin(tracks, eq(tracks.id, trackVotes.trackId))
      .where(anyOf(trackVotes.entryId, ids))
      .orderBy(asc(tracks.order), asc(tracks.id)),
    toSummaries(db, uniqueReleases),
  ]);

  const tagsOf = groupBy<(typeof tagRows)[number], Tag>(
    tagRows,
    (r) => r.entryId,
    (r) => ({ id: r.id, name: r.name }),
  );
  const votesOf = groupBy<(typeof voteRows)[number], TrackVote>(
    voteRows,
    (r) => r.entryId,
    (r) => ({ trackId: r.trackId, vote: r.vote as VoteType }),
  );
  const summaryOf = new Map(summaries.map((s) => [s.id, s]));

  return bundles.map(({ entry: e, user, release }) => {
    const votes = votesOf.get(e.id) ?? [];
    return {
      id: e.id,
      releaseId: e.releaseId,
      user: toUserRef(user),
      rating:
        e.rating === null
          ? null
          : { rating: e.rating, updatedAt: (e.ratingUpdatedAt ?? e.updatedAt).toISOString() },
      review:
        e.review === null
          ? null
          : {
              body: e.review,
              createdAt: (e.reviewCreatedAt ?? e.createdAt).toISOString(),
              updatedAt: (e.reviewUpdatedAt ?? e.updatedAt).toISOString(),
              upvotes: e.reviewUpvotes,
              downvotes: e.reviewDownvotes,
              myVote: null,
            },
      reviewId: e.review === null ? null : e.id,
      tags: tagsOf.get(e.id) ?? [],
      trackVotes: votes,
      hasTrackVotes: e.trackVotesCount > 0,
      createdAt: e.createdAt.toISOString(),
      updatedAt: e.updatedAt.toISOString(),
      release: summaryOf.get(release.id)!,
    };
  });
}

/**
 * Public entries (presented for nobody) as a signed-in viewer sees them:
 * with their own vote on each review and their own entry on each release.
 * Two queries, run side by side, whatever the number of entries.
 */
export async function withViewerParts(
  db: DbOrTx,
  list: readonly Entry[],
  viewer: { id: string },
): Promise<Entry[]> {
  if (list.length === 0) return [];
  const reviewed = list.filter((e) => e.review !== null).map((e) => e.id);
  const [myVotes, mine] = await Promise.all([
    reviewed.length > 0
      ? db
          .select({ entryId: reviewVotes.entryId, vote: reviewVotes.vote })
          .from(reviewVotes)
          .where(and(eq(reviewVotes.userId, viewer.id), anyOf(reviewVotes.entryId, reviewed)))
      : [],
    viewerEntriesOf(
      db,
      viewer.id,
      list.map((e) => e.release.id),
    ),
  ]);
  const myVoteOf = new Map(myVotes.map((v) => [v.entryId, v.vote as VoteType]));
  return list.map((e) => ({
    ...e,
    review: e.review && { ...e.review, myVote: myVoteOf.get(e.id) ?? null },
    release: { ...e.release, viewerEntry: mine.get(e.release.id) ?? null },
  }));
}

export interface LoadEntriesOptions {
  /** Conditions on `entries`, `users` and `releases` (all three are joined). */
  where?: SQL;
  orderBy?: SQL[];
  limit?: number;
  offset?: number;
}

/** The selection every entry query shares: the entry, its owner and its release. */
export function selectEntryBundles(db: DbOrTx) {
  return db
    .select({ entry: entries, user: entryUserColumns, release: releases })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .innerJoin(releases, eq(releases.id, entries.releaseId))
    .$dynamic();
}

/**
 * Visible entries matching `where`, in the API shape: one query for the
 * rows and a fixed number for their parts. Other features (the entries of
 * followed users on a release) build on this.
 */
export async function loadEntries(
  db: DbOrTx,
  opts: LoadEntriesOptions,
  viewer: ReleaseViewer,
): Promise<Entry[]> {
  let query = selectEntryBundles(db).where(and(visibleEntry(), opts.where));
  if (opts.orderBy) query = query.orderBy(...opts.orderBy);
  if (opts.limit !== undefined) query = query.limit(opts.limit);
  if (opts.offset !== undefined) query = query.offset(opts.offset);
  return presentEntries(db, await query, viewer);
}

/** One visible entry by id, or null. */
export async function loadEntry(
  db: DbOrTx,
  id: string,
  viewer: ReleaseViewer,
): Promise<Entry | null> {
  const [entry] = await loadEntries(db, { where: eq(entries.id, id), limit: 1 }, viewer);
  return entry ?? null;
}
