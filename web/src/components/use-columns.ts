import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@earmark/common';

/** Column counts of a grid for wide (≥ lg), medium (≥ sm) and small screens. */
export interface ColumnCounts {
  wide: number;
  medium: number;
  small: number;
}

const WIDE_QUERY = `(min-width: ${BREAKPOINTS.lg}px)`;
const MEDIUM_QUERY = `(min-width: ${BREAKPOINTS.sm}px)`;

type Size = 'wide' | 'medium' | 'small';

function currentSize(): Size {
  // Without matchMedia (tests, old engines) a middle layout is the safe guess.
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'medium';
  if (window.matchMedia(WIDE_QUERY).matches) return 'wide';
  if (window.matchMedia(MEDIUM_QUERY).matches) return 'medium';
  return 'small';
}

function subscribe(onChange: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const lists = [window.matchMedia(WIDE_QUERY), window.matchMedia(MEDIUM_QUERY)];
  for (const list of lists) list.addEventListener('change', onChange);
  return () => {
    for (const list of lists) list.removeEventListener('change', onChange);
  };
}

/** The number of columns for the viewport, following the spec's breakpoints. */
export function useColumns(columns: ColumnCounts): number {
  const size = useSyncExternalStore(subscribe, currentSize, () => 'medium' as const);
  return columns[size];
}
