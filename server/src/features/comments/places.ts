/**
 * What a comment thread is, in words and as a site path, for the messages
 * of comment and mention notifications ('commented on your review of OK
 * Computer', 'mentioned you in a comment on the list Best of 1977'). The
 * words are written when the notification is stored.
 */
import { eq } from 'drizzle-orm';
import { CommentTargetKind } from '@earmark/common';
import type { DbOrTx } from '../../db/client';
import { releases, tracks } from '../../db/schema/catalogue';
import { entries } from '../../db/schema/entries';
import { lists } from '../../db/schema/lists';
import { users } from '../../db/schema/users';

export interface ThreadPlace {
  /** The page of the thing, e.g. '/review/abc'; null when it has none. */
  link: string | null;
  /** As its owner reads it: 'your review of OK Computer'. */
  yours: string;
  /** As anyone else reads it: 'ana's review of OK Computer'. */
  theirs: string;
}

type Describe = (db: DbOrTx, id: string) => Promise<ThreadPlace | null>;

const places = new Map<CommentTargetKind, Describe>([
  [
    CommentTargetKind.SHOUTBOX,
    async (db, id) => {
      const [u] = await db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      if (!u) return null;
      return { link: `/${u.username}`, yours: 'your profile', theirs: `${u.username}'s profile` };
    },
  ],
  [
    CommentTargetKind.REVIEW,
    async (db, id) => {
      const [r] = await db
        .select({ username: users.username, title: releases.title })
        .from(entries)
        .innerJoin(users, eq(users.id, entries.userId))
        .innerJoin(releases, eq(releases.id, entries.releaseId))
        .where(eq(entries.id, id))
        .limit(1);
      if (!r) return null;
      return {
        link: `/review/${id}`,
        yours: `your review of ${r.title}`,
        theirs: `${r.username}'s review of ${r.title}`,
      };
    },
  ],
  [
    CommentTargetKind.LIST,
    async (db, id) => {
      const [l] = await db
        .select({ title: lists.title })
        .from(lists)
        .where(eq(lists.id, id))
        .limit(1);
      if (!l) return null;
      return { link: `/list/${id}`, yours: `your list ${l.title}`, theirs: `the list ${l.title}` };
    },
  ],
  [
    CommentTargetKind.RELEASE,
    async (db, id) => {
      const [r] = await db
        .select({ title: releases.title })
        .from(releases)
        .where(eq(releases.id, id))
        .limit(1);
      return r ? { link: `/release/${id}`, yours: r.title, theirs: r.title } : null;
    },
  ],
  [
    CommentTargetKind.RELEASE_TRACK,
    async (db, id) => {
      const [t] = await db
        .select({ track: tracks.title, releaseId: releases.id, release: releases.title })
        .from(tracks)
        .innerJoin(releases, eq(releases.id, tracks.releaseId))
        .where(eq(tracks.id, id))
        .limit(1);
      if (!t) return null;
      const words = `${t.track} from ${t.release}`;
      return { link: `/release/${t.releaseId}`, yours: words, theirs: words };
    },
  ],
]);

/** Called once by the feature whose things get comment threads (submissions). */
export function registerThreadPlace(kind: CommentTargetKind, describe: Describe): void {
  if (places.has(kind)) throw new Error(`Comment thread kind ${kind} already has its words`);
  places.set(kind, describe);
}

/** The thread in words, with a plain fallback for a kind that has none. */
export async function describeThread(
  db: DbOrTx,
  entityType: CommentTargetKind,
  entityId: string,
): Promise<ThreadPlace> {
  const place = await places.get(entityType)?.(db, entityId);
  return place ?? { link: null, yours: 'your post', theirs: 'a post' };
}
