/**
 * Puts `item` into `best`, kept in order (`before` < 0: comes first) and to
 * at most `max` items, after any it ties with: so the first `max` of many
 * items, met one by one, are kept without sorting them all. An item that
 * would come after the last of a full list is passed over at once.
 */
export function keepBest<T>(best: T[], item: T, max: number, before: (a: T, b: T) => number): void {
  if (best.length >= max && before(item, best[best.length - 1]!) >= 0) return;
  let low = 0;
  let high = best.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(best[middle]!, item) <= 0) low = middle + 1;
    else high = middle;
  }
  best.splice(low, 0, item);
  if (best.length > max) best.pop();
}
