/**
 * Targets: the one way to ask, for any kind of thing people can comment on,
 * report, like or be notified about, whether an id exists, whether a viewer
 * may read it, and whose it is. Comments, reports, likes, notifications and
 * socket rooms ask this registry instead of knowing every table.
 *
 * The kinds whose tables exist are answered here, with the visibility rule
 * (db/visibility). Lists, comments and submissions are extension points:
 * the features that create those tables register their kind with
 * `registerTargetKind`; until then asking about them is a programming error,
 * not a quiet "not found".
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { isAdmin, isHiddenAccount } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { artists, genres, labels, releases, tracks } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { users } from '../../db/schema/users';
import { isVisible, visibleAccount } from '../../db/visibility';
import { notFound } from '../../lib/errors';

/** Kinds whose tables exist and whose rules live here. */
export type CoreTargetKind = 'user' | 'release' | 'artist' | 'label' | 'genre' | 'review' | 'track';
/** Kinds that the features adding their tables register. */
export type ExtensionTargetKind =
  | 'list'
  | 'comment'
  | 'release-submission'
  | 'artist-submission'
  | 'label-submission'
  | 'genre-submission';
export type TargetKind = CoreTargetKind | ExtensionTargetKind;

/** Who asks: a signed-in user (admins see hidden accounts), or nobody. */
export type TargetViewer = { id: string; contributorStatus: number } | null | undefined;

/** What a kind answers about one id that exists. */
export interface TargetFacts {
  /** The user the thing belongs to (a review's author, a list's owner); null for the catalogue. */
  ownerId: string | null;
  /** Whether this viewer may read it (see it, comment on it, join its room). */
  readable: boolean;
}

export interface Target extends TargetFacts {
  kind: TargetKind;
  id: string;
}

/** One kind's answer: null when no such id exists. */
export type TargetLookup = (
  db: DbOrTx,
  id: string,
  viewer: TargetViewer,
) => Promise<TargetFacts | null>;

export interface TargetKindEntry {
  /** The 404 message when the thing is missing or unreadable ("List not found"). */
  notFound: string;
  lookup: TargetLookup;
}

/**
 * The lookups are prepared statements (each made once per database handle):
 * every comment thread, like, report and live room asks one, and planning
 * them cost more than running them.
 */
const id = sql.placeholder('id');

/** A catalogue table: exists while its row does, readable while visible; nobody owns it. */
function catalogueKind(
  table: typeof releases | typeof artists | typeof labels | typeof genres,
  name: string,
  message: string,
): TargetKindEntry {
  const visibility = preparedPer((db) =>
    db
      .select({ visible: isVisible(table).mapWith(Boolean) })
      .from(table)
      .where(eq(table.id, id))
      .limit(1)
      .prepare(name),
  );
  return {
    notFound: message,
    lookup: async (db, thingId) => {
      const [row] = await visibility(db).execute({ id: thingId });
      return row ? { ownerId: null, readable: row.visible } : null;
    },
  };
}

const userStatus = preparedPer((db) =>
  db
    .select({ status: users.accountStatus })
    .from(users)
    .where(eq(users.id, id))
    .limit(1)
    .prepare('target_user'),
);

const reviewFacts = preparedPer((db) =>
  db
    .select({
      ownerId: entries.userId,
      accountVisible: visibleAccount().mapWith(Boolean),
      releaseVisible: isVisible(releases).mapWith(Boolean),
    })
    .from(entries)
    .innerJoin(users, eq(users.id, entries.userId))
    .innerJoin(releases, eq(releases.id, entries.releaseId))
    .where(and(eq(entries.id, id), isNotNull(entries.review)))
    .limit(1)
    .prepare('target_review'),
);

const trackVisibility = preparedPer((db) =>
  db
    .select({ visible: isVisible(releases).mapWith(Boolean) })
    .from(tracks)
    .innerJoin(releases, eq(releases.id, tracks.releaseId))
    .where(eq(tracks.id, id))
    .limit(1)
    .prepare('target_track'),
);

const core: Record<CoreTargetKind, TargetKindEntry> = {
  user: {
    notFound: 'User not found',
    lookup: async (db, userId, viewer) => {
      const [row] = await userStatus(db).execute({ id: userId });
      if (!row) return null;
      return { ownerId: userId, readable: !isHiddenAccount(row.status) || isAdmin(viewer) };
    },
  },
  release: catalogueKind(releases, 'target_release', 'Release not found'),
  artist: catalogueKind(artists, 'target_artist', 'Artist not found'),
  label: catalogueKind(labels, 'target_label', 'Label not found'),
  genre: catalogueKind(genres, 'target_genre', 'Genre not found'),
  review: {
    notFound: 'Review not found',
    // A review is an entry with a review text: readable while its author's
    // account and its release are (admins also read hidden accounts' reviews).
    lookup: async (db, entryId, viewer) => {
      const [row] = await reviewFacts(db).execute({ id: entryId });
      if (!row) return null;
      const readable = row.releaseVisible && (row.accountVisible || isAdmin(viewer));
      return { ownerId: row.ownerId, readable };
    },
  },
  track: {
    notFound: 'Track not found',
    lookup: async (db, trackId) => {
      const [row] = await trackVisibility(db).execute({ id: trackId });
      return row ? { ownerId: null, readable: row.visible } : null;
    },
  },
};

const extensions = new Map<ExtensionTargetKind, TargetKindEntry>();

/** Called once by the feature that adds the kind's table (lists, comments, submissions). */
export function registerTargetKind(kind: ExtensionTargetKind, entry: TargetKindEntry): void {
  if (extensions.has(kind)) throw new Error(`The ${kind} target kind is already registered`);
  extensions.set(kind, entry);
}

/** Whether a feature answers for this kind yet. */
export function hasTargetKind(kind: TargetKind): boolean {
  return kind in core || extensions.has(kind as ExtensionTargetKind);
}

function entryOf(kind: TargetKind): TargetKindEntry {
  const entry =
    (core as Partial<Record<TargetKind, TargetKindEntry>>)[kind] ??
    extensions.get(kind as ExtensionTargetKind);
  if (!entry) throw new Error(`No feature has registered the ${kind} target kind`);
  return entry;
}

/** The kind's 404 message ("List not found"), the same for missing and unreadable ids. */
export function targetNotFoundMessage(kind: TargetKind): string {
  return entryOf(kind).notFound;
}

/** The target if it exists (readable or not), with its owner; null when there is no such id. */
export async function findTarget(
  db: DbOrTx,
  kind: TargetKind,
  id: string,
  viewer: TargetViewer,
): Promise<Target | null> {
  const facts = await entryOf(kind).lookup(db, id, viewer);
  return facts ? { kind, id, ...facts } : null;
}

/** The target the viewer may read, or the kind's 404 (the same for missing and hidden). */
export async function requireReadableTarget(
  db: DbOrTx,
  kind: TargetKind,
  id: string,
  viewer: TargetViewer,
): Promise<Target> {
  const target = await findTarget(db, kind, id, viewer);
  if (!target?.readable) throw notFound(entryOf(kind).notFound);
  return target;
}
