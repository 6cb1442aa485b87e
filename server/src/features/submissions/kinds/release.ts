import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CommentTargetKind,
  CommentTargetKind as Thread,
  SUBMISSION_VOTES_TO_DECIDE,
  releaseSubmissionSchema,
  type DatePrecision,
  type ExplicitCoverArt,
  type ReleaseSnapshot,
  type ReleaseSubmission,
  type ReleaseType,
} from '@earmark/common';
import type { DbOrTx, Tx } from '../../../db/client';
import { jsonList } from '../../../db/json-list';
import { preparedPer } from '../../../db/prepared';
import { recountCounters } from '../../../db/recount';
import { isVisible } from '../../../db/visibility';
import {
  artists,
  labels,
  languages,
  releaseArtists,
  releaseGenreVotes,
  releaseLabels,
  releaseLanguages,
  releases,
  tracks,
  type CoverFiles,
} from '../../../db/schema/catalogue';
import { comments } from '../../../db/schema/comments';
import { entries, trackVotes } from '../../../db/schema/entries';
import { listItems } from '../../../db/schema/lists';
import { cacheTags, releaseEditTags } from '../../../lib/cache-tags';
import { badRequest } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { utcDay } from '../../releases/dates';
import { coverUrls } from '../../releases/present';
import { RELEASE_NOT_FOUND } from '../../releases/service';
import { deleteThread } from '../../comments/service';
import { counted, resolveNamed, type SubmissionKindSpec } from './kind';

/**
 * The day a release date is stored as: the earliest day it could be, so a
 * year-only date is 1 January and a month-only one the 1st.
 */
export function storedDay(date: string, precision: DatePrecision): string {
  const day = date.slice(0, 10);
  if (precision === 'year') return `${day.slice(0, 4)}-01-01`;
  if (precision === 'month') return `${day.slice(0, 7)}-01`;
  return day;
}

/** Cover file names back from the URLs a snapshot keeps. */
function coverFiles(cover: ReleaseSnapshot['cover']): CoverFiles | null {
  if (!cover) return null;
  const file = (url: string) => url.slice(url.lastIndexOf('/') + 1);
  return { sm: file(cover.sm), md: file(cover.md), lg: file(cover.lg), og: file(cover.og) };
}

async function resolveLanguages(db: DbOrTx, ids: readonly string[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({ id: languages.id, iso6391: languages.iso6391, name: languages.name })
    .from(languages)
    .where(inArray(languages.id, wanted));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknown = wanted.filter((id) => !byId.has(id));
  if (unknown.length > 0) throw badRequest(`Unknown language ids: ${unknown.join(', ')}`);
  return wanted.map((id) => byId.get(id)!);
}

type WithId = { id: string };
const sameOrder = (a: readonly WithId[], b: readonly WithId[]) =>
  a.length === b.length && a.every((x, i) => x.id === b[i]!.id);
const sameSet = (a: readonly WithId[], b: readonly WithId[]) =>
  sameOrder(
    [...a].sort((x, y) => x.id.localeCompare(y.id)),
    [...b].sort((x, y) => x.id.localeCompare(y.id)),
  );

/**
 * Credits and languages as the snapshot lists them, each rewritten only
 * when it differs from `before` (the release as it is, read in the same
 * transaction; null for a new release): rewriting the artists recomputes
 * the release's search text and its index entries.
 */
async function writeCredits(
  db: DbOrTx,
  releaseId: string,
  snap: ReleaseSnapshot,
  before: ReleaseSnapshot | null,
): Promise<void> {
  if (!before || !sameOrder(before.artists, snap.artists)) {
    if (before) await db.delete(releaseArtists).where(eq(releaseArtists.releaseId, releaseId));
    if (snap.artists.length > 0) {
      await db
        .insert(releaseArtists)
        .values(snap.artists.map((a, position) => ({ releaseId, artistId: a.id, position })));
    }
  }
  if (!before || !sameOrder(before.labels, snap.labels)) {
    if (before) await db.delete(releaseLabels).where(eq(releaseLabels.releaseId, releaseId));
    if (snap.labels.length > 0) {
      await db
        .insert(releaseLabels)
        .values(snap.labels.map((l, position) => ({ releaseId, labelId: l.id, position })));
    }
  }
  if (!before || !sameSet(before.languages, snap.languages)) {
    if (before) {
      await db.delete(releaseLanguages).where(eq(releaseLanguages.releaseId, releaseId));
    }
    if (snap.languages.length > 0) {
      await db
        .insert(releaseLanguages)
        .values(snap.languages.map((l) => ({ releaseId, languageId: l.id })));
    }
  }
}

/**
 * Tracks as the snapshot lists them: one with the id of a track of this
 * release is that track, updated in place when it changed (its votes
 * stay); others are new; the release's tracks the snapshot leaves out are
 * deleted with their votes, and the track-vote counts of the entries that
 * voted on them are recounted. A new release (no `before`) has no tracks
 * yet to read.
 */
async function writeTracks(
  tx: Tx,
  releaseId: string,
  snap: ReleaseSnapshot,
  before: ReleaseSnapshot | null,
): Promise<boolean> {
  const stored = before
    ? await tx
        .select({
          id: tracks.id,
          track: tracks.track,
          title: tracks.title,
          durationMs: tracks.durationMs,
          order: tracks.order,
        })
        .from(tracks)
        .where(eq(tracks.releaseId, releaseId))
    : [];
  const existing = new Map(stored.map((t) => [t.id, t]));
  const kept = new Set(snap.tracks.filter((t) => t.id && existing.has(t.id)).map((t) => t.id!));
  const removed = [...existing.keys()].filter((id) => !kept.has(id));
  if (removed.length > 0) {
    const voters = await tx
      .selectDistinct({ id: trackVotes.entryId })
      .from(trackVotes)
      .where(inArray(trackVotes.trackId, removed));
    await tx.delete(tracks).where(inArray(tracks.id, removed));
    if (voters.length > 0) await recountCounters(tx, { entries: voters.map((v) => v.id) });
  }
  const added: (typeof tracks.$inferInsert)[] = [];
  for (const [order, t] of snap.tracks.entries()) {
    const values = { track: t.track, title: t.title, durationMs: t.durationMs, order };
    const was = t.id ? existing.get(t.id) : undefined;
    if (was) {
      const same =
        was.track === values.track &&
        was.title === values.title &&
        was.durationMs === values.durationMs &&
        was.order === order;
      if (!same) await tx.update(tracks).set(values).where(eq(tracks.id, was.id));
    } else {
      added.push({ id: newId(), releaseId, ...values });
    }
  }
  if (added.length > 0) await tx.insert(tracks).values(added);
  return removed.length > 0;
}

/**
 * A visible release as a snapshot reads it, in one statement: its fields
 * and, as JSON arrays in their order, its credits, labels, languages and
 * tracks, hidden artists and labels included (the objects' keys in the
 * order of the snapshot's types).
 */
const snapshotColumns = {
  title: releases.title,
  titleLatin: releases.titleLatin,
  type: releases.type,
  date: releases.date,
  datePrecision: releases.datePrecision,
  explicitCoverArt: releases.explicitCoverArt,
  cover: releases.cover,
  artists: jsonList<ReleaseSnapshot['artists'][number]>(sql`select json_agg(json_build_object(
      'id', a.id, 'name', a.name) order by ra.position)
    from release_artists ra join artists a on a.id = ra.artist_id
    where ra.release_id = ${releases.id}`),
  labels: jsonList<ReleaseSnapshot['labels'][number]>(sql`select json_agg(json_build_object(
      'id', l.id, 'name', l.name) order by rl.position)
    from release_labels rl join labels l on l.id = rl.label_id
    where rl.release_id = ${releases.id}`),
  languages: jsonList<ReleaseSnapshot['languages'][number]>(sql`select json_agg(json_build_object(
      'id', lang.id, 'iso6391', lang.iso639_1, 'name', lang.name) order by lang.name)
    from release_languages rl join languages lang on lang.id = rl.language_id
    where rl.release_id = ${releases.id}`),
  tracks: jsonList<ReleaseSnapshot['tracks'][number]>(sql`select json_agg(json_build_object(
      'id', t.id, 'track', t.track, 'title', t.title, 'durationMs', t.duration_ms)
      order by t."order")
    from tracks t where t.release_id = ${releases.id}`),
};

/** The snapshot's statement, prepared: planning it costs more than running it. */
const releaseSnapshot = preparedPer((db) =>
  db
    .select(snapshotColumns)
    .from(releases)
    .where(and(eq(releases.id, sql.placeholder('id')), isVisible(releases)))
    .limit(1)
    .prepare('release_snapshot'),
);

export const releaseKind: SubmissionKindSpec<ReleaseSubmission, ReleaseSnapshot> = {
  kind: 'release',
  schema: releaseSubmissionSchema,
  table: releases,
  notFound: RELEASE_NOT_FOUND,
  threadKind: CommentTargetKind.RELEASE_SUBMISSION,
  votesToDecide: SUBMISSION_VOTES_TO_DECIDE,
  createWaitsForVotes: false,

  async readSnapshot(db, id) {
    const [row] = await releaseSnapshot(db).execute({ id });
    if (!row) return null;
    return {
      title: row.title,
      titleLatin: row.titleLatin,
      type: row.type as ReleaseType,
      date: row.date,
      datePrecision: row.date ? ((row.datePrecision ?? 'day') as DatePrecision) : null,
      artists: row.artists,
      labels: row.labels,
      languages: row.languages,
      explicitCoverArt: row.explicitCoverArt as ExplicitCoverArt[],
      cover: coverUrls(row.cover),
      tracks: row.tracks,
    };
  },

  async buildSnapshot(db, payload, { current, cover }) {
    const now = current as ReleaseSnapshot | null;
    // One after the other: a transaction's statements take turns on its connection anyway.
    const credited = await resolveNamed(db, artists, payload.artistsIds, 'artist');
    const named =
      payload.labelsIds === undefined
        ? (now?.labels ?? [])
        : await resolveNamed(db, labels, payload.labelsIds, 'label');
    const spoken =
      payload.languagesIds === undefined
        ? (now?.languages ?? [])
        : await resolveLanguages(db, payload.languagesIds);
    // A date left out keeps the current one; null clears it.
    let date = now?.date ?? null;
    let datePrecision = now?.datePrecision ?? null;
    if (payload.date === null) [date, datePrecision] = [null, null];
    else if (payload.date !== undefined) {
      datePrecision = payload.datePrecision ?? 'day';
      date = storedDay(payload.date, datePrecision);
    } else if (payload.datePrecision && date) {
      datePrecision = payload.datePrecision;
      date = storedDay(date, datePrecision);
    }
    const keptIds = new Set((now?.tracks ?? []).map((t) => t.id));
    const listed =
      payload.tracks === undefined
        ? (now?.tracks ?? [])
        : payload.tracks.map((t) => ({
            // Only an id of this release's tracks names a kept track.
            ...(t.id && keptIds.has(t.id) ? { id: t.id } : {}),
            track: t.track,
            title: t.title,
            durationMs: t.durationMs ?? null,
          }));
    return {
      title: payload.title,
      titleLatin: payload.titleLatin ?? null,
      type: payload.type,
      date,
      datePrecision,
      artists: credited,
      labels: named,
      languages: spoken,
      explicitCoverArt: payload.explicitCoverArt ?? now?.explicitCoverArt ?? [],
      cover: cover ? coverUrls(cover) : payload.removeCover ? null : (now?.cover ?? null),
      tracks: listed,
    };
  },

  async apply(uow, snap, { entityId, previous, authorId }) {
    const { tx } = uow;
    const values = {
      title: snap.title,
      titleLatin: snap.titleLatin,
      type: snap.type,
      date: snap.date,
      datePrecision: snap.date ? snap.datePrecision : null,
      explicitCoverArt: snap.explicitCoverArt,
      cover: coverFiles(snap.cover),
    };
    if (previous) {
      await tx
        .update(releases)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(releases.id, entityId));
    } else {
      await tx.insert(releases).values({ id: entityId, ...values, createdById: authorId });
    }
    const before = previous as ReleaseSnapshot | null;
    // The search text follows the title and the credits by the search migration's triggers.
    await writeCredits(tx, entityId, snap, before);
    // Track votes gone with removed tracks change the release's community data too.
    if (await writeTracks(tx, entityId, snap, before)) uow.invalidate(cacheTags.release(entityId));
    uow.invalidate(
      ...releaseEditTags({
        releaseId: entityId,
        dates: [before?.date ?? null, snap.date],
        artistIds: [...(before?.artists ?? []), ...snap.artists].map((a) => a.id),
        labelIds: [...(before?.labels ?? []), ...snap.labels].map((l) => l.id),
        today: utcDay(new Date()),
      }),
    );
  },

  title: (snap) => snap.title,

  references: (db, id) =>
    counted(
      db,
      {
        table: entries,
        where: eq(entries.releaseId, id),
        one: 'entry (rating, review or tags)',
        many: 'entries (ratings, reviews or tags)',
      },
      {
        table: listItems,
        where: eq(listItems.releaseId, id),
        one: 'list item',
        many: 'list items',
      },
      {
        table: releaseGenreVotes,
        where: eq(releaseGenreVotes.releaseId, id),
        one: 'genre vote',
        many: 'genre votes',
      },
      {
        table: comments,
        where: and(eq(comments.entityType, Thread.RELEASE), eq(comments.entityId, id)),
        one: 'comment',
        many: 'comments',
      },
    ),

  async remove(uow, id) {
    const ids = await uow.tx.select({ id: tracks.id }).from(tracks).where(eq(tracks.releaseId, id));
    // Credits, tracks, entries, list items and genre votes go with it (cascades); comments do not.
    await uow.tx.delete(releases).where(eq(releases.id, id));
    await deleteThread(uow, Thread.RELEASE, id);
    for (const track of ids) await deleteThread(uow, Thread.RELEASE_TRACK, track.id);
  },
};
