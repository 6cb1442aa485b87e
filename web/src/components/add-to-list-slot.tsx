import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { ReleaseSummary } from '@earmark/common';

type RenderAddToList = (release: ReleaseSummary) => ReactNode;

/**
 * The add-to-list control, given by the app (see app/providers.tsx). The
 * lists feature shows release cards and releases show the control, so
 * importing it from the lists feature here would tie the two (and entries)
 * into an import cycle; the app, above both, fills the slot instead.
 */
export const AddToListSlotContext = createContext<RenderAddToList | null>(null);

/**
 * Where "Add to list" goes on the release page and in the card popup;
 * nothing when no control is given. It is also shown for releases that are
 * not out yet (they can be listed but not rated).
 */
export function AddToListSlot({ release }: { release: ReleaseSummary }) {
  const render = useContext(AddToListSlotContext);
  return render ? render(release) : null;
}
