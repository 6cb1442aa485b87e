import { SEARCH_RESULTS_MAX } from '@earmark/common';
import type { SearchReply, SearchType } from '@earmark/common';
import { paths } from '../../lib/paths';

/** How each kind of result is named, in the order the dropdown's tabs show them. */
export interface SearchKind {
  type: SearchType;
  /** The path segment of its own page (`/search/release`). */
  slug: 'release' | 'artist' | 'genre' | 'label' | 'user';
  label: string;
  one: string;
  many: string;
}

export const SEARCH_KINDS: readonly SearchKind[] = [
  { type: 'releases', slug: 'release', label: 'Releases', one: 'release', many: 'releases' },
  { type: 'artists', slug: 'artist', label: 'Artists', one: 'artist', many: 'artists' },
  { type: 'genres', slug: 'genre', label: 'Genres', one: 'genre', many: 'genres' },
  { type: 'labels', slug: 'label', label: 'Labels', one: 'label', many: 'labels' },
  { type: 'users', slug: 'user', label: 'Users', one: 'user', many: 'users' },
];

export const kindBySlug = (slug: string | undefined) => SEARCH_KINDS.find((k) => k.slug === slug);

/** '1 release', '24 releases', '1,000 or more releases' (counts stop at the ceiling). */
export function countText(count: number, kind: SearchKind): string {
  const word = count === 1 ? kind.one : kind.many;
  if (count >= SEARCH_RESULTS_MAX)
    return `${SEARCH_RESULTS_MAX.toLocaleString('en')} or more ${word}`;
  return `${count.toLocaleString('en')} ${word}`;
}

/** The short form for a tab: '24', '1,000+'. */
export function countBadge(count: number): string {
  return count >= SEARCH_RESULTS_MAX
    ? `${SEARCH_RESULTS_MAX.toLocaleString('en')}+`
    : count.toLocaleString('en');
}

export const noMatchText = (kind: SearchKind, q: string) => `No ${kind.many} match “${q}”`;

/** The page of one result. */
export interface SearchHit {
  id: string;
  href: string;
  title: string;
  detail: string | null;
  /** A user's supporter level (their badge shows beside the name). */
  supporter?: number;
}

function yearOf(date: string | null): string | null {
  return date ? date.slice(0, 4) : null;
}

/** Every result of a reply for one kind, as links with a line of detail. */
export function hitsOf(reply: SearchReply | undefined, type: SearchType): SearchHit[] {
  if (!reply) return [];
  switch (type) {
    case 'releases':
      return (reply.releases ?? []).map((r) => ({
        id: r.id,
        href: paths.release.href(r.id),
        title: r.title,
        detail: [r.artists.map((a) => a.name).join(', '), yearOf(r.date)]
          .filter(Boolean)
          .join(' · '),
      }));
    case 'artists':
      return (reply.artists ?? []).map((a) => ({
        id: a.id,
        href: paths.artist.href(a.id),
        title: a.name,
        detail: a.nameLatin,
      }));
    case 'labels':
      return (reply.labels ?? []).map((l) => ({
        id: l.id,
        href: paths.label.href(l.id),
        title: l.name,
        detail: l.nameLatin,
      }));
    case 'genres':
      return (reply.genres ?? []).map((g) => ({
        id: g.id,
        href: paths.genre.href(g.id),
        title: g.name,
        detail: null,
      }));
    case 'users':
      return (reply.users ?? []).map((u) => ({
        id: u.id,
        href: paths.user.href(u.username),
        title: u.username,
        detail: u.name,
        supporter: u.supporter,
      }));
  }
}
