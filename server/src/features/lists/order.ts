import { badRequest } from '../../lib/errors';

/**
 * Checks a reorder payload against the list's items (in their current
 * order) and returns the item ids in their new order. The payload must name
 * every item exactly once, with the indexes 0..n-1; otherwise 400 with
 * every mistake found, each saying what is wrong.
 */
export function validateOrder(
  itemIds: readonly string[],
  payload: readonly { id: string; index: number }[],
): string[] {
  const known = new Set(itemIds);
  const errors: string[] = [];
  const seenIds = new Set<string>();
  const repeatedIds = new Set<string>();
  const foreign: string[] = [];
  for (const { id } of payload) {
    if (seenIds.has(id)) repeatedIds.add(id);
    seenIds.add(id);
    if (!known.has(id)) foreign.push(id);
  }
  const missing = itemIds.filter((id) => !seenIds.has(id));
  if (missing.length > 0)
    errors.push(`items must name every item of the list; missing: ${missing.join(', ')}`);
  if (repeatedIds.size > 0)
    errors.push(`items must name each item once; repeated: ${[...repeatedIds].join(', ')}`);
  if (foreign.length > 0)
    errors.push(`items must belong to this list; not in it: ${foreign.join(', ')}`);

  const n = itemIds.length;
  const byIndex = new Map<number, string>();
  const repeatedIndexes = new Set<number>();
  const outside: number[] = [];
  for (const { id, index } of payload) {
    if (index >= n) outside.push(index);
    else if (byIndex.has(index)) repeatedIndexes.add(index);
    else byIndex.set(index, id);
  }
  if (repeatedIndexes.size > 0) {
    errors.push(`index must be used once each; repeated: ${[...repeatedIndexes].join(', ')}`);
  }
  if (outside.length > 0) {
    errors.push(`index must run from 0 to ${n - 1}; out of range: ${outside.join(', ')}`);
  }
  if (errors.length === 0 && byIndex.size < n) {
    const gaps = Array.from({ length: n }, (_, i) => i).filter((i) => !byIndex.has(i));
    errors.push(`index must run from 0 to ${n - 1} without gaps; missing: ${gaps.join(', ')}`);
  }
  if (errors.length > 0) throw badRequest(errors);
  return Array.from({ length: n }, (_, i) => byIndex.get(i)!);
}
