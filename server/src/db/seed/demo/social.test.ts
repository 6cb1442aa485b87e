import { describe, expect, it } from 'vitest';
import { loadDemoCatalogue } from './data';
import { DEMO_PEOPLE } from './people';
import { loadDemoReviews, type DemoReview } from './review-data';
import { resolveReleaseLinks } from './reviews';
import { bundledSeedRows } from './test-support';

const NOW = new Date('2026-05-01T10:00:00Z');
const DAY = 86_400_000;
const catalogue = loadDemoCatalogue();
const reviews = loadDemoReviews();
const listeners = DEMO_PEOPLE.map((p, i) => ({
  id: `listener-${i}`,
  username: p.username,
  createdAtMs: NOW.getTime() - (30 + i * 17) * DAY,
}));

/** The seed's rows with every generated id replaced by what it stands for. */
function snapshot() {
  const rows = bundledSeedRows(listeners, NOW);
  const names = new Map<string, string>();
  for (const r of rows.releases) names.set(r.id, `${r.title}#${r.type}`);
  for (const t of rows.tracks) names.set(t.id, `${names.get(t.releaseId)}/${t.order}`);
  for (const e of rows.entries) names.set(e.id, `${e.userId}@${names.get(e.releaseId)}`);
  for (const t of rows.social.userTags) names.set(t.id, `${t.userId}:${t.name}`);
  const name = (id: string) => names.get(id) ?? id;
  const unlink = (text: string | null | undefined) =>
    text?.replace(/\/release\/([^)]+)/g, (_, id: string) => `/release/${name(id)}`);
  return {
    entries: rows.entries.map((e) => ({
      ...e,
      id: name(e.id),
      releaseId: name(e.releaseId),
      review: unlink(e.review),
    })),
    releases: rows.releases.map((r) => ({ ...r, id: name(r.id) })).map(({ cover: _, ...r }) => r),
    tracks: rows.tracks.map((t) => ({ ...t, id: name(t.id), releaseId: name(t.releaseId) })),
    tags: rows.social.userTags.map((t) => ({ ...t, id: name(t.id) })),
    entryTags: rows.social.entryTags.map((t) => [name(t.entryId), name(t.tagId)]),
    trackVotes: rows.social.trackVotes.map((v) => ({
      ...v,
      entryId: name(v.entryId),
      trackId: name(v.trackId),
    })),
    reviewVotes: rows.social.reviewVotes.map((v) => ({ ...v, entryId: name(v.entryId) })),
    follows: rows.social.follows,
  };
}

describe('demo social rows', () => {
  it('come out the same for the same listeners and day', () => {
    const first = snapshot();
    expect(first.entries.filter((e) => e.review).length).toBeGreaterThanOrEqual(200);
    expect(snapshot()).toEqual(first);
  });

  it('give each review the rating it was written with', () => {
    const { entries } = snapshot();
    const written = new Map(reviews.map((r) => [r.body.slice(0, 60), r.rating]));
    for (const e of entries.filter((x) => x.review)) {
      const rating = written.get(e.review!.slice(0, 60));
      if (rating !== undefined) expect(e.rating).toBe(rating);
    }
  });

  it('spread reviews over many listeners, a few of them prolific', () => {
    const perUser = new Map<string, number>();
    for (const e of snapshot().entries.filter((x) => x.review)) {
      perUser.set(e.userId, (perUser.get(e.userId) ?? 0) + 1);
    }
    const counts = [...perUser.values()];
    expect(perUser.size).toBeGreaterThanOrEqual(listeners.length * 0.8);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(10);
  });
});

describe('demo review data', () => {
  const titles = new Map(catalogue.releases.map((r) => [r.title, r.artists[0]]));

  it('names releases of the catalogue by exact title and first artist', () => {
    const unknown = reviews.filter((r: DemoReview) => titles.get(r.release) !== r.artist);
    expect(unknown.map((r) => r.release)).toEqual([]);
    expect(new Set(reviews.map((r) => r.release)).size).toBeGreaterThanOrEqual(120);
  });

  it('links only to releases it can resolve, and drops links it cannot', () => {
    const ids = new Map([...titles.keys()].map((t, i) => [t, `id${i}`]));
    for (const r of reviews) expect(resolveReleaseLinks(r.body, ids)).not.toContain('{{');
    expect(resolveReleaseLinks('See [Closer](/release/{{Closer}}).', new Map())).toBe(
      'See Closer.',
    );
    expect(resolveReleaseLinks('[Kid A](/release/{{Kid A}})', new Map([['Kid A', 'abc']]))).toBe(
      '[Kid A](/release/abc)',
    );
  });
});
