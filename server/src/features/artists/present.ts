import type { Artist, ArtistRef, ReleaseSummary } from '@earmark/common';
import type { artists } from '../../db/schema/catalogue';

export type ArtistRow = typeof artists.$inferSelect;

export function toArtistRef(row: ArtistRow): ArtistRef {
  return { id: row.id, name: row.name, nameLatin: row.nameLatin };
}

export function toArtist(row: ArtistRow, releases: ReleaseSummary[]): Artist {
  return { ...toArtistRef(row), bio: row.bio, releases };
}
