import { formatRating, idParamsSchema, releaseTypeLabels, type ReleaseType } from '@earmark/common';
import type { Db } from '../../db/client';
import type { PageMeta } from '../../plugins/spa';
import { coverUrls } from './present';
import { findVisibleRelease } from './service';

/**
 * The id of a catalogue page such as `/release/{id}` or one of its child
 * pages (`/release/{id}/ratings`), or null when the path is another page.
 */
export function entityIdFromPath(pathname: string, section: string): string | null {
  const m = new RegExp(`^/${section}/([^/]+)(?:/.*)?$`).exec(pathname);
  if (!m) return null;
  try {
    // The API's own id check, so a page address cannot reach a query the API would refuse.
    const id = idParamsSchema.shape.id.safeParse(decodeURIComponent(m[1]!));
    return id.success ? id.data : null;
  } catch {
    return null;
  }
}

const DESCRIPTION_MAX = 200;

/** A text on one line, shortened to at most `max` characters at a word boundary. */
export function excerpt(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** 'A', 'A & B', 'A, B & C' */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;
}

/** Link preview of a release page: 'Title by Artist', its type, year and rating, and its cover. */
export async function releasePageMeta(db: Db, pathname: string): Promise<PageMeta | null> {
  const id = entityIdFromPath(pathname, 'release');
  if (!id) return null;
  const row = await findVisibleRelease(db, id);
  if (!row) return null;
  const artists = joinNames(row.artistCredits.map((a) => a.name));
  const type = releaseTypeLabels[row.type as ReleaseType] ?? 'Release';
  const year = row.date?.slice(0, 4);
  let description = artists ? `${type} by ${artists}` : type;
  if (year) description += `, ${year}`;
  description += '.';
  if (row.ratingsCount > 0) {
    const n = row.ratingsCount;
    description += ` Rated ${formatRating(row.ratingsAvg)}/10 from ${n} rating${n === 1 ? '' : 's'}.`;
  }
  // Previews are seen by people who have allowed no explicit category, like signed-out viewers.
  const image = row.explicitCoverArt.length === 0 ? coverUrls(row.cover)?.og : undefined;
  return {
    title: artists ? `${row.title} by ${artists}` : row.title,
    description,
    type: 'music.album',
    ...(image ? { image } : {}),
  };
}
