/**
 * Comment threads: which target each comment target kind is (spec comment
 * target kinds), so that comments, notifications and socket rooms ask the
 * targets registry one way whether a thread exists, whether a viewer may
 * read it and whose it is. The submission kinds are added by the
 * contributions feature, one entry each, with `registerCommentThreadKind`.
 */
import { CommentTargetKind } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import {
  findTarget,
  targetNotFoundMessage,
  type Target,
  type TargetKind,
  type TargetViewer,
} from '../targets/registry';

const threadKinds = new Map<CommentTargetKind, TargetKind>([
  [CommentTargetKind.SHOUTBOX, 'user'],
  [CommentTargetKind.REVIEW, 'review'],
  [CommentTargetKind.LIST, 'list'],
  [CommentTargetKind.RELEASE, 'release'],
  [CommentTargetKind.RELEASE_TRACK, 'track'],
]);

/** Called once by the feature whose things get comment threads (submissions). */
export function registerCommentThreadKind(kind: CommentTargetKind, target: TargetKind): void {
  if (threadKinds.has(kind)) throw new Error(`Comment thread kind ${kind} is already registered`);
  threadKinds.set(kind, target);
}

/**
 * The thread's target if it exists and the viewer may read it, else null
 * (missing, hidden, someone else's draft, or a kind with no threads yet).
 */
export async function findReadableThread(
  db: DbOrTx,
  entityType: CommentTargetKind,
  entityId: string,
  viewer: TargetViewer,
): Promise<Target | null> {
  const kind = threadKinds.get(entityType);
  if (!kind) return null;
  const target = await findTarget(db, kind, entityId, viewer);
  return target?.readable ? target : null;
}

/** The thread's target whether or not the viewer may read it (for its owner), else null. */
export async function findThread(
  db: DbOrTx,
  entityType: CommentTargetKind,
  entityId: string,
  viewer: TargetViewer,
): Promise<Target | null> {
  const kind = threadKinds.get(entityType);
  return kind ? findTarget(db, kind, entityId, viewer) : null;
}

/** The 404 message of a thread that is missing or unreadable ("Review not found"). */
export function threadNotFoundMessage(entityType: CommentTargetKind): string {
  const kind = threadKinds.get(entityType);
  return kind ? targetNotFoundMessage(kind) : 'Not found';
}

/** Parses a comment room name `{entityType}:{entityId}`; null when it is not one. */
export function parseCommentRoom(
  room: unknown,
): { entityType: CommentTargetKind; entityId: string } | null {
  if (typeof room !== 'string' || room.length > 80) return null;
  const match = /^(\d{1,3}):([A-Za-z0-9_-]{1,64})$/.exec(room);
  if (!match) return null;
  const entityType = Number(match[1]) as CommentTargetKind;
  if (!threadKinds.has(entityType) && !isSubmissionKind(entityType)) return null;
  return { entityType, entityId: match[2]! };
}

function isSubmissionKind(kind: number): boolean {
  return kind >= CommentTargetKind.ARTIST_SUBMISSION && kind <= CommentTargetKind.GENRE_SUBMISSION;
}
