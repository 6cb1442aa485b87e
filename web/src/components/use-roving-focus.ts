import { useCallback } from 'react';
import type { RefCallback } from 'react';

/** Marks an element as one of the stops of a `useRovingFocus` container. */
export const ROVING_ITEM = { 'data-roving-item': '' } as const;

/** Read before such a group by screen readers (visually hidden). */
export const ROVING_HINT = 'Tab stops once on these buttons; the arrow keys move between them.';

/**
 * A roving tab stop over the `ROVING_ITEM` elements inside a container laid
 * out in rows of `columns`: only one of them is in the tab order (the one
 * focused last, at first the first), so Tab passes the whole group in one
 * step, and the arrow keys, Home and End move between them. Returns the
 * container's ref.
 */
export function useRovingFocus<T extends HTMLElement>(columns: number): RefCallback<T> {
  return useCallback(
    (container: T) => {
      let current = 0;
      const items = () => [...container.querySelectorAll<HTMLElement>('[data-roving-item]')];

      function sync() {
        const all = items();
        if (current >= all.length) current = 0;
        all.forEach((item, index) => {
          item.tabIndex = index === current ? 0 : -1;
        });
      }

      function onFocusIn(event: FocusEvent) {
        const index = items().indexOf(event.target as HTMLElement);
        if (index < 0) return;
        current = index;
        sync();
      }

      function onKeyDown(event: KeyboardEvent) {
        const all = items();
        const index = all.indexOf(event.target as HTMLElement);
        if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
        const moves: Record<string, number> = {
          ArrowRight: index + 1,
          ArrowLeft: index - 1,
          ArrowDown: index + columns,
          ArrowUp: index - columns,
          Home: 0,
          End: all.length - 1,
        };
        const next = moves[event.key];
        if (next === undefined) return;
        event.preventDefault();
        all[next]?.focus();
      }

      // Items come and go with the data (tracks loading, the viewer's entry).
      const observer = new MutationObserver(sync);
      observer.observe(container, { childList: true, subtree: true });
      container.addEventListener('focusin', onFocusIn);
      container.addEventListener('keydown', onKeyDown);
      sync();
      return () => {
        observer.disconnect();
        container.removeEventListener('focusin', onFocusIn);
        container.removeEventListener('keydown', onKeyDown);
      };
    },
    [columns],
  );
}
