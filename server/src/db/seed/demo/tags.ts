import type { InferInsertModel } from 'drizzle-orm';
import type { entryTags, userTags } from '../../schema/entries';
import { newId } from '../../../lib/ids';
import { createRandom } from './random';
import type { RatingListener } from './ratings';
import { between, earlierOf, latestMs, pickWeighted, type SeedEntry } from './social-support';

/**
 * Demo tags: each listener keeps 3-8 of their own from a shared pool of
 * listening situations and verdicts, and attaches one or two to a share of
 * their entries. A tag that is a verdict only goes where the rating agrees
 * with it ('desert island' on a favourite, 'overrated' on a lukewarm one).
 */

interface TagIdea {
  name: string;
  /** The rating range the tag suits (inclusive). */
  min?: number;
  max?: number;
}

const TAG_IDEAS: readonly TagIdea[] = [
  { name: 'late night' },
  { name: 'headphones' },
  { name: 'road trip' },
  { name: 'desert island', min: 88 },
  { name: 'rainy day' },
  { name: 'workout' },
  { name: 'sunday morning' },
  { name: 'cooking' },
  { name: 'focus' },
  { name: 'summer' },
  { name: 'winter' },
  { name: 'heartbreak' },
  { name: 'party' },
  { name: 'grower', min: 70 },
  { name: 'guilty pleasure', min: 55 },
  { name: 'overrated', max: 65 },
  { name: 'comfort', min: 70 },
  { name: 'nostalgia' },
  { name: 'on vinyl', min: 60 },
  { name: 'to revisit', max: 78 },
  { name: 'long walks' },
  { name: 'train rides' },
  { name: 'all-time favourite', min: 90 },
  { name: 'background', max: 80 },
  { name: 'first listen' },
  { name: 'with friends' },
];

function suits(idea: TagIdea, rating: number | null | undefined): boolean {
  if (rating == null) return idea.min === undefined && idea.max === undefined;
  return rating >= (idea.min ?? -Infinity) && rating <= (idea.max ?? Infinity);
}

export interface DemoTagRows {
  userTags: InferInsertModel<typeof userTags>[];
  entryTags: InferInsertModel<typeof entryTags>[];
}

export function demoTags(
  listeners: readonly RatingListener[],
  entries: readonly SeedEntry[],
  releaseSeed: ReadonlyMap<string, string>,
  nowMs: number,
): DemoTagRows {
  const out: DemoTagRows = { userTags: [], entryTags: [] };
  const byUser = new Map<string, SeedEntry[]>();
  for (const e of entries) {
    const list = byUser.get(e.userId);
    if (list) list.push(e);
    else byUser.set(e.userId, [e]);
  }

  for (const listener of listeners) {
    const rng = createRandom(`tags:${listener.username}`);
    const ideas = rng.shuffle(TAG_IDEAS).slice(0, rng.int(3, 8));
    const tags = ideas.map((idea) => ({ idea, id: newId(), firstUse: null as Date | null }));
    const share = rng.range(0.15, 0.45);
    for (const entry of byUser.get(listener.id) ?? []) {
      // One generator per entry so one entry's draws never shift the next's.
      const pick = createRandom(`tag:${listener.username}:${releaseSeed.get(entry.releaseId)}`);
      if (!pick.chance(share)) continue;
      const fitting = tags.filter((t) => suits(t.idea, entry.rating));
      for (const tag of pickWeighted(pick, fitting, () => 1, pick.chance(0.25) ? 2 : 1)) {
        out.entryTags.push({ entryId: entry.id, tagId: tag.id });
        tag.firstUse = tag.firstUse ? earlierOf(tag.firstUse, entry.createdAt) : entry.createdAt;
      }
    }
    for (const tag of tags) {
      // Made just before its first use; an unused tag some time after joining.
      const at = tag.firstUse ?? between(rng, listener.createdAtMs, latestMs(nowMs));
      const createdAt = new Date(Math.max(listener.createdAtMs, at.getTime() - 60_000));
      out.userTags.push({
        id: tag.id,
        userId: listener.id,
        name: tag.idea.name,
        createdAt,
        updatedAt: createdAt,
      });
    }
  }
  return out;
}
