import { eq, sql } from 'drizzle-orm';
import {
  CommentTargetKind,
  SUBMISSION_VOTES_TO_DECIDE,
  artistSubmissionSchema,
  type ArtistSnapshot,
  type ArtistSubmission,
} from '@earmark/common';
import { artists, releaseArtists } from '../../../db/schema/catalogue';
import { catalogueTags } from '../../../lib/cache-tags';
import { ARTIST_NOT_FOUND, findVisibleArtist } from '../../artists/service';
import { counted, type SubmissionKindSpec } from './kind';

export const artistKind: SubmissionKindSpec<ArtistSubmission, ArtistSnapshot> = {
  kind: 'artist',
  schema: artistSubmissionSchema,
  table: artists,
  notFound: ARTIST_NOT_FOUND,
  threadKind: CommentTargetKind.ARTIST_SUBMISSION,
  votesToDecide: SUBMISSION_VOTES_TO_DECIDE,
  createWaitsForVotes: false,

  async readSnapshot(db, id) {
    const row = await findVisibleArtist(db, id);
    return row ? { name: row.name, nameLatin: row.nameLatin, bio: row.bio } : null;
  },

  async buildSnapshot(_db, payload, { current }) {
    const now = current as ArtistSnapshot | null;
    return {
      name: payload.name,
      // A Latin form left out is cleared (the contract's rule); a bio left out is kept.
      nameLatin: payload.nameLatin ?? null,
      bio: payload.bio === undefined ? (now?.bio ?? null) : payload.bio,
    };
  },

  async apply(uow, snap, { entityId, previous }) {
    const values = { name: snap.name, nameLatin: snap.nameLatin, bio: snap.bio };
    if (previous) {
      await uow.tx
        .update(artists)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(artists.id, entityId));
    } else {
      await uow.tx.insert(artists).values({ id: entityId, ...values });
    }
    // The artist's name shows on every page that credits it.
    uow.invalidate(catalogueTags.artist(entityId));
  },

  title: (snap) => snap.name,

  references: (db, id) =>
    counted(db, {
      table: releaseArtists,
      where: eq(releaseArtists.artistId, id),
      one: 'release credits it',
      many: 'releases credit it',
    }),

  async remove(uow, id) {
    await uow.tx.delete(releaseArtists).where(eq(releaseArtists.artistId, id));
    await uow.tx.delete(artists).where(eq(artists.id, id));
    uow.invalidate(catalogueTags.artist(id));
  },
};
