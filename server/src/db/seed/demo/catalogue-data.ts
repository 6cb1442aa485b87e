import { z } from 'zod';
import { ExplicitCoverArt, ReleaseType, parseDuration } from '@earmark/common';

/**
 * The demo catalogue's source files (genres.json, languages.json and the
 * releases-*.json files) and their merge into one checked catalogue: artists
 * and labels named in several files become one each, and every reference
 * (artist, genre, language, duration, date) is verified before anything is
 * written, so a mistake in the data fails loudly instead of seeding half.
 */

const releaseTypeNames = Object.keys(ReleaseType) as [
  keyof typeof ReleaseType,
  ...(keyof typeof ReleaseType)[],
];

/**
 * 'YYYY', 'YYYY-MM', 'YYYY-MM-DD', days relative to the seed day ('+12d',
 * '-5d'), or days before it within its year ('-40d/year').
 */
export const DEMO_DATE_PATTERN = /^(?:\d{4}(?:-\d{2}(?:-\d{2})?)?|[+-]\d{1,4}d|-\d{1,4}d\/year)$/;

export const genreFileSchema = z.array(
  z.object({ name: z.string().min(1), parents: z.array(z.string()), bio: z.string().min(1) }),
);

export const languageFileSchema = z.array(
  z.object({
    id: z.string().length(3),
    iso6391: z.string().length(2).nullable(),
    name: z.string(),
  }),
);

export const releaseFileSchema = z.object({
  artists: z.array(
    z.object({
      name: z.string().trim().min(1),
      nameLatin: z.string().trim().min(1).nullable().optional(),
      bio: z.string().trim().min(1).nullable().optional(),
    }),
  ),
  releases: z.array(
    z.object({
      title: z.string().trim().min(1),
      titleLatin: z.string().trim().min(1).nullable().optional(),
      artists: z.array(z.string().trim().min(1)).min(1),
      type: z.enum(releaseTypeNames),
      date: z.string().regex(DEMO_DATE_PATTERN),
      labels: z.array(z.string().trim().min(1)).default([]),
      genres: z.array(z.string()).default([]),
      languages: z.array(z.string()).default([]),
      explicitCoverArt: z.array(z.enum(ExplicitCoverArt)).default([]),
      tracks: z.array(z.tuple([z.string().trim().min(1), z.string().nullable()])).min(1),
    }),
  ),
});

export type GenreFile = z.infer<typeof genreFileSchema>;
export type LanguageFile = z.infer<typeof languageFileSchema>;
export type ReleaseFile = z.input<typeof releaseFileSchema>;

export interface DemoArtist {
  name: string;
  nameLatin: string | null;
  bio: string | null;
}

export interface DemoRelease {
  title: string;
  titleLatin: string | null;
  artists: string[];
  typeName: keyof typeof ReleaseType;
  type: ReleaseType;
  /** As written in the data; resolved against the seed day by `resolveDemoDate`. */
  date: string;
  labels: string[];
  genres: string[];
  languages: string[];
  explicitCoverArt: ExplicitCoverArt[];
  tracks: { title: string; durationMs: number | null }[];
}

export interface DemoCatalogue {
  genres: GenreFile;
  languages: LanguageFile;
  artists: DemoArtist[];
  labels: string[];
  releases: DemoRelease[];
}

const key = (name: string) => name.trim().toLowerCase();

function checkDate(date: string): boolean {
  if (/^[+-]/.test(date)) return true;
  const [y, m = 1, d = 1] = date.split('-').map(Number);
  const day = new Date(Date.UTC(y!, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/** Merges and checks the source files; throws one error naming every problem. */
export function buildDemoCatalogue(input: {
  genres: unknown;
  languages: unknown;
  releaseFiles: Record<string, unknown>;
}): DemoCatalogue {
  const problems: string[] = [];
  const genres = genreFileSchema.parse(input.genres);
  const languages = languageFileSchema.parse(input.languages);
  const genreNames = new Set(genres.map((g) => g.name));
  for (const g of genres) {
    for (const p of g.parents)
      if (!genreNames.has(p)) problems.push(`genre ${g.name}: unknown parent ${p}`);
  }
  const languageIds = new Set(languages.map((l) => l.id));

  const artists = new Map<string, DemoArtist>();
  const labels = new Map<string, string>();
  const releases = new Map<string, DemoRelease>();

  for (const [file, raw] of Object.entries(input.releaseFiles)) {
    const parsed = releaseFileSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 20)) {
        problems.push(`${file}: ${issue.path.join('.')}: ${issue.message}`);
      }
      continue;
    }
    for (const a of parsed.data.artists) {
      const existing = artists.get(key(a.name));
      if (existing) {
        // The same artist in several files: keep what any file knows.
        existing.nameLatin ??= a.nameLatin ?? null;
        existing.bio ??= a.bio ?? null;
      } else {
        artists.set(key(a.name), {
          name: a.name,
          nameLatin: a.nameLatin ?? null,
          bio: a.bio ?? null,
        });
      }
    }
    for (const r of parsed.data.releases) {
      const where = `${file}: ${r.title}`;
      if (!checkDate(r.date)) problems.push(`${where}: bad date ${r.date}`);
      for (const g of r.genres)
        if (!genreNames.has(g)) problems.push(`${where}: unknown genre ${g}`);
      for (const l of r.languages) {
        if (!languageIds.has(l)) problems.push(`${where}: unknown language ${l}`);
      }
      const tracks = r.tracks.map(([title, duration]) => {
        const ms = duration === null ? null : parseDuration(duration);
        if (ms === undefined) problems.push(`${where}: bad duration ${duration} of ${title}`);
        return { title, durationMs: ms ?? null };
      });
      for (const l of r.labels) if (!labels.has(key(l))) labels.set(key(l), l);
      const id = [key(r.title), ...r.artists.map(key), r.type].join('\u0000');
      // An era-spanning release listed twice is kept once.
      if (releases.has(id)) continue;
      releases.set(id, {
        title: r.title,
        titleLatin: r.titleLatin ?? null,
        artists: r.artists,
        typeName: r.type,
        type: ReleaseType[r.type],
        date: r.date,
        labels: [...new Set(r.labels.map((l) => labels.get(key(l))!))],
        genres: [...new Set(r.genres)],
        languages: [...new Set(r.languages)],
        explicitCoverArt: [...new Set(r.explicitCoverArt)],
        tracks,
      });
    }
  }
  for (const r of releases.values()) {
    for (const a of r.artists) {
      if (!artists.has(key(a))) problems.push(`${r.title}: artist ${a} is not in any artists list`);
    }
    // Names as the artists list spells them, so one artist is one row.
    r.artists = [...new Set(r.artists.map((a) => artists.get(key(a))?.name ?? a))];
  }
  if (problems.length > 0) {
    throw new Error(`Demo catalogue data is invalid:\n  ${problems.slice(0, 50).join('\n  ')}`);
  }
  // Only artists that some release names, so no artist page is empty.
  const named = new Set([...releases.values()].flatMap((r) => r.artists.map(key)));
  return {
    genres,
    languages,
    artists: [...artists.values()].filter((a) => named.has(key(a.name))),
    labels: [...labels.values()],
    releases: [...releases.values()],
  };
}
