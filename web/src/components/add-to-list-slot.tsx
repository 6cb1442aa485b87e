import type { ReleaseSummary } from '@earmark/common';

/**
 * Where "Add to list" goes on the release page and in the card popup. Lists
 * arrive with their own feature; until then this mount point renders
 * nothing, so no control is shown that cannot be used. It is also shown for
 * releases that are not out yet (they can be listed but not rated).
 */
export function AddToListSlot(_props: { release: ReleaseSummary }) {
  return null;
}
