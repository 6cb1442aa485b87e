import type { InferInsertModel } from 'drizzle-orm';
import { VoteType } from '@earmark/common';
import { newId } from '../../../lib/ids';
import type {
  artists,
  CoverFiles,
  genreParents,
  genres,
  labels,
  releaseArtists,
  releaseGenreVotes,
  releaseLabels,
  releaseLanguages,
  releases,
  tracks,
} from '../../schema/catalogue';
import type { DemoCatalogue, DemoRelease, GenreFile } from './catalogue-data';
import { coverSeedText } from './cover-art';
import { DAY_MS, resolveDemoDate } from './dates';
import { createRandom } from './random';
import { demoRatings, type RatingListener } from './ratings';
import type { DemoReview } from './review-data';
import { addDemoSocial, type DemoSocialRows } from './social';
import type { SeedEntry } from './social-support';

/**
 * Turns the checked demo catalogue into table rows (pure, apart from new ids):
 * release dates against the seed day, creation times spread over the last
 * months so `recently-added` looks lived-in, the admin's up-vote for every
 * listed genre, the demo ratings, and the community around them (reviews,
 * tags, track and review votes, follows). The counters that summarise them
 * (and the genre scores) are left to the production recount after insertion.
 */

export interface SeedRows {
  genres: InferInsertModel<typeof genres>[];
  genreParents: InferInsertModel<typeof genreParents>[];
  artists: InferInsertModel<typeof artists>[];
  labels: InferInsertModel<typeof labels>[];
  releases: InferInsertModel<typeof releases>[];
  releaseArtists: InferInsertModel<typeof releaseArtists>[];
  releaseLabels: InferInsertModel<typeof releaseLabels>[];
  releaseLanguages: InferInsertModel<typeof releaseLanguages>[];
  tracks: InferInsertModel<typeof tracks>[];
  genreVotes: InferInsertModel<typeof releaseGenreVotes>[];
  entries: SeedEntry[];
  /** Reviews, tags, votes and follows. */
  social: DemoSocialRows;
}

/** The cover seed of a release: title and artists, plus the type so a reissue differs from its original. */
export function demoCoverSeed(r: DemoRelease): string {
  return coverSeedText(r.typeName === 'LP' ? r.title : `${r.title} (${r.typeName})`, r.artists);
}

/**
 * Demo listeners who up-vote a listed genre: three for the first genre, two
 * for the second, one after that, so the page keeps the data's order. The
 * admin votes only when there are no listeners.
 */
export function genreVoters(
  listeners: readonly RatingListener[],
  adminId: string,
  seedText: string,
  rank: number,
): string[] {
  if (listeners.length === 0) return [adminId];
  const random = createRandom(seedText);
  const wanted = Math.min(listeners.length, Math.max(1, 3 - rank));
  const chosen = new Set<string>();
  while (chosen.size < wanted) chosen.add(random.pick(listeners).id);
  return [...chosen];
}

/** Root genres (those without parents) above each genre, through every parent. */
export function genreRoots(list: GenreFile): Map<string, string[]> {
  const parents = new Map(list.map((g) => [g.name, g.parents]));
  const memo = new Map<string, string[]>();
  const roots = (name: string, seen: Set<string>): string[] => {
    const cached = memo.get(name);
    if (cached) return cached;
    const ps = (parents.get(name) ?? []).filter((p) => !seen.has(p));
    const out =
      ps.length === 0
        ? [name]
        : [...new Set(ps.flatMap((p) => roots(p, new Set([...seen, name]))))];
    memo.set(name, out);
    return out;
  };
  for (const g of list) roots(g.name, new Set());
  return memo;
}

/** When a release joined the catalogue: spread over ~200 days, denser lately. */
function addedAt(r: DemoRelease, seedText: string, nowMs: number): number {
  const rng = createRandom(`added:${seedText}`);
  // Releases dated relative to the seed day are fresh announcements.
  const days = /^[+-]/.test(r.date) ? rng.range(0.5, 20) : 0.2 + rng.next() ** 1.3 * 200;
  return Math.round(nowMs - days * DAY_MS);
}

export function buildSeedRows(input: {
  catalogue: DemoCatalogue;
  genreIds: Map<string, string>;
  /** Covers in release order; null where none was made. */
  covers: readonly (CoverFiles | null)[];
  adminId: string;
  listeners: readonly RatingListener[];
  /** The written demo reviews; reviews of releases not in the catalogue are skipped. */
  reviews?: readonly DemoReview[];
  now: Date;
}): SeedRows {
  const { catalogue, genreIds, covers, adminId, listeners, now } = input;
  const nowMs = now.getTime();
  const artistIds = new Map(catalogue.artists.map((a) => [a.name, newId()]));
  const labelIds = new Map(catalogue.labels.map((l) => [l, newId()]));
  const roots = genreRoots(catalogue.genres);

  const rows: Omit<SeedRows, 'social'> = {
    genres: catalogue.genres
      .filter((g) => !genreIds.has(g.name))
      .map((g) => {
        const id = newId();
        genreIds.set(g.name, id);
        return { id, name: g.name, bio: g.bio };
      }),
    genreParents: [],
    artists: catalogue.artists.map((a) => ({ id: artistIds.get(a.name)!, ...a })),
    labels: catalogue.labels.map((name) => ({ id: labelIds.get(name)!, name })),
    releases: [],
    releaseArtists: [],
    releaseLabels: [],
    releaseLanguages: [],
    tracks: [],
    genreVotes: [],
    entries: [],
  };
  for (const g of catalogue.genres) {
    for (const p of g.parents) {
      rows.genreParents.push({ genreId: genreIds.get(g.name)!, parentId: genreIds.get(p)! });
    }
  }

  const rated = catalogue.releases.map((r, i) => {
    const id = newId();
    const seedText = demoCoverSeed(r);
    const createdAtMs = addedAt(r, seedText, nowMs);
    const createdAt = new Date(createdAtMs);
    const { date, datePrecision } = resolveDemoDate(r.date, now);
    rows.releases.push({
      id,
      title: r.title,
      titleLatin: r.titleLatin,
      type: r.type,
      date,
      datePrecision,
      explicitCoverArt: r.explicitCoverArt,
      cover: covers[i] ?? null,
      createdById: adminId,
      createdAt,
      updatedAt: createdAt,
    });
    r.artists.forEach((a, position) =>
      rows.releaseArtists.push({ releaseId: id, artistId: artistIds.get(a)!, position }),
    );
    r.labels.forEach((l, position) =>
      rows.releaseLabels.push({ releaseId: id, labelId: labelIds.get(l)!, position }),
    );
    for (const languageId of r.languages) rows.releaseLanguages.push({ releaseId: id, languageId });
    const trackIds = r.tracks.map((t, order) => {
      const trackId = newId();
      rows.tracks.push({
        id: trackId,
        releaseId: id,
        track: String(order + 1),
        title: t.title,
        durationMs: t.durationMs,
        order,
      });
      return trackId;
    });
    r.genres.forEach((genre, rank) => {
      const genreId = genreIds.get(genre)!;
      const voters = genreVoters(listeners, adminId, `${seedText}|${genre}`, rank);
      for (const userId of voters) {
        rows.genreVotes.push({
          id: newId(),
          releaseId: id,
          genreId,
          userId,
          vote: VoteType.UP,
          createdAt,
          updatedAt: createdAt,
        });
      }
    });
    const rootGenres = [...new Set(r.genres.flatMap((g) => roots.get(g) ?? []))];
    return {
      id,
      seedText,
      rootGenres,
      date,
      createdAtMs,
      title: r.title,
      artist: r.artists[0]!,
      trackIds,
    };
  });

  const allRoots = catalogue.genres.filter((g) => g.parents.length === 0).map((g) => g.name);
  const ratings = demoRatings(listeners, rated, allRoots, now);
  for (const r of ratings) {
    const at = new Date(r.atMs);
    rows.entries.push({
      id: newId(),
      userId: r.userId,
      releaseId: r.releaseId,
      rating: r.rating,
      ratingUpdatedAt: at,
      createdAt: at,
      updatedAt: at,
    });
  }
  const social = addDemoSocial({
    listeners,
    releases: rated,
    reviews: input.reviews ?? [],
    entries: rows.entries,
    now,
  });
  return { ...rows, social };
}
