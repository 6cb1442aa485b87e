import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  RELEASES_PAGE_SIZE,
  formatDuration,
  totalDuration,
  type Artist,
  type DatePrecision,
  type Genre,
  type Label,
  type PagedReleases,
  type Release,
  type ReleaseListKind,
  type ReleaseSummary,
  type Track,
} from '@earmark/common';
import { expectStatus } from './users';

/** Filters of GET /api/releases besides the kind. */
export interface ReleaseListFilters {
  genreId?: string;
  labelId?: string;
  artistId?: string;
}

/**
 * Read-only calls to the catalogue API, for looking up what the demo
 * catalogue holds (ids, titles, counts) so the specs can check the pages
 * against it instead of against hard-coded names.
 */
export interface CatalogueApi {
  releases(
    kind: ReleaseListKind,
    page?: number,
    filters?: ReleaseListFilters,
  ): Promise<PagedReleases>;
  /** Walks a whole list, page by page, until `predicate` matches; throws if nothing does. */
  findRelease(
    kind: ReleaseListKind,
    predicate: (release: ReleaseSummary) => boolean,
    what: string,
  ): Promise<ReleaseSummary>;
  /** Every release of a list, page by page. */
  allReleases(kind: ReleaseListKind): Promise<ReleaseSummary[]>;
  release(id: string): Promise<Release>;
  artist(id: string): Promise<Artist>;
  label(id: string): Promise<Label>;
  genre(id: string): Promise<Genre>;
}

export function catalogueApi(request: APIRequestContext): CatalogueApi {
  const get = async <T>(url: string): Promise<T> => {
    const res = await request.get(url);
    await expectStatus(res, 200, `GET ${url}`);
    return (await res.json()) as T;
  };
  const releases = (kind: ReleaseListKind, page = 1, filters: ReleaseListFilters = {}) => {
    const query = new URLSearchParams({
      type: kind,
      page: String(page),
      pageSize: String(RELEASES_PAGE_SIZE),
      ...filters,
    });
    return get<PagedReleases>(`/api/releases?${query}`);
  };
  const id = (value: string) => encodeURIComponent(value);

  return {
    releases,
    async findRelease(kind, predicate, what) {
      for (let page = 1; ; page += 1) {
        const paged = await releases(kind, page);
        const found = paged.releases.find(predicate);
        if (found) return found;
        if (page >= paged.totalPages) throw new Error(`No ${what} in the ${kind} list.`);
      }
    },
    async allReleases(kind) {
      const all: ReleaseSummary[] = [];
      for (let page = 1; ; page += 1) {
        const paged = await releases(kind, page);
        all.push(...paged.releases);
        if (page >= paged.totalPages) return all;
      }
    },
    release: (releaseId) => get<Release>(`/api/releases/${id(releaseId)}`),
    artist: (artistId) => get<Artist>(`/api/artists/${id(artistId)}`),
    label: (labelId) => get<Label>(`/api/labels/${id(labelId)}`),
    genre: (genreId) => get<Genre>(`/api/genres/${id(genreId)}`),
  };
}

/** 'A', 'A & B', 'A, B & C': how release pages join artist names. */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;
}

/** The accessible name of a release page's cover, shown or hidden. */
export function coverName(release: Release, hidden: boolean): string {
  const artists = joinNames(release.artists.map((artist) => artist.name));
  const name = `Cover of ${release.title}${artists ? ` by ${artists}` : ''}`;
  return hidden ? `${name} (hidden: explicit cover)` : name;
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** A release date as the cards write it: '5 Mar 2024', 'Mar 2024' or '2024'. */
export function displayDate(date: string, precision: DatePrecision | null): string {
  const [year = '', month = '', day = ''] = date.split('-');
  const monthName = MONTHS[Number(month) - 1] ?? '';
  if (precision === 'year') return year;
  if (precision === 'month') return `${monthName} ${year}`;
  return `${Number(day)} ${monthName} ${year}`;
}

/** The track list footer, '12 tracks · 45:31', or null when a track has no duration. */
export function trackFooter(tracks: readonly Track[]): string | null {
  const total = totalDuration(tracks);
  if (total === null) return null;
  return `${tracks.length} ${tracks.length === 1 ? 'track' : 'tracks'} · ${formatDuration(total)}`;
}

/** Today as 'YYYY-MM-DD' in UTC, the calendar the release lists use. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * The content of `<meta property|name="key" content="...">` in an HTML
 * document, as a link preview crawler reads it (no JavaScript), or null.
 */
export function metaContent(html: string, key: string): string | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = new Map(
      [...tag.matchAll(/([a-z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)].map(
        ([, name = '', double, single]) => [name.toLowerCase(), double ?? single ?? ''] as const,
      ),
    );
    if (attrs.get('property') === key || attrs.get('name') === key) {
      return decodeEntities(attrs.get('content') ?? '');
    }
  }
  return null;
}

/** The document's <title>, decoded, or null. */
export function documentTitle(html: string): string | null {
  const match = /<title>([^<]*)<\/title>/i.exec(html);
  return match?.[1] === undefined ? null : decodeEntities(match[1]);
}

/**
 * Scrolls the window down, a wheel turn at a time, until `target` (a card
 * in a virtualised grid, which exists only once its row nears the viewport)
 * is visible.
 */
export async function scrollUntilVisible(page: Page, target: Locator): Promise<void> {
  await expect(async () => {
    if (!(await target.isVisible())) await page.mouse.wheel(0, 700);
    await expect(target).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
}
