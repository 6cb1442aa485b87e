import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, ReactNode, RefObject } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import {
  INFINITE_SCROLL_MARGIN_PX,
  VIRTUAL_OVERSCAN_PX,
  VIRTUAL_ROW_ESTIMATE_PX,
} from '@earmark/common';
import { Spinner } from './spinner';
import { useColumns } from './use-columns';
import type { ColumnCounts } from './use-columns';
import styles from './virtual-grid.module.css';

export interface VirtualGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  columns: ColumnCounts;
  /** Accessible name of the list. */
  label: string;
  /** Size of the whole list when known (announced as 'n of total'). */
  totalItems?: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** How far beyond the viewport rows stay rendered. */
  overscanPx?: number;
  /** Row height used until a row is measured. */
  rowEstimatePx?: number;
}

/** Rows of overscan that cover at least `px` pixels at the estimated row height. */
export const overscanRows = (px: number, rowEstimatePx: number) =>
  Math.max(1, Math.ceil(px / Math.max(1, rowEstimatePx)));

/**
 * The element's distance from the top of the document, kept current while
 * anything above it (late-loading sections, banners) changes height.
 */
function useDocumentOffset(ref: RefObject<HTMLElement | null>): number {
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => setOffset(Math.round(el.getBoundingClientRect().top + window.scrollY));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return offset;
}

/**
 * A grid of cards that renders only the rows near the viewport (the window
 * scrolls, not the grid) and asks for more items when its end comes within
 * the infinite-scroll margin of the viewport. Rows are measured once
 * rendered, so cards may differ in height.
 */
export function VirtualGrid<T>({
  items,
  getKey,
  renderItem,
  columns,
  label,
  totalItems,
  hasMore,
  loadingMore,
  onLoadMore,
  overscanPx = VIRTUAL_OVERSCAN_PX,
  rowEstimatePx = VIRTUAL_ROW_ESTIMATE_PX,
}: VirtualGridProps<T>) {
  const columnCount = useColumns(columns);
  const rowCount = Math.ceil(items.length / columnCount);
  const listRef = useRef<HTMLDivElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const scrollMargin = useDocumentOffset(listRef);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => rowEstimatePx,
    overscan: overscanRows(overscanPx, rowEstimatePx),
    scrollMargin,
  });

  // Rows change content when the column count changes; forget old sizes.
  useEffect(() => {
    virtualizer.measure();
  }, [columnCount, virtualizer]);

  // Re-created whenever loading state or length changes: observing fires once
  // at once, so a sentinel still in view after a short page asks again.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || loadingMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_MARGIN_PX}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore, items.length]);

  const gridStyle = { '--grid-columns': columnCount } as CSSProperties;

  return (
    <div className={styles.grid} style={gridStyle}>
      <div
        ref={listRef}
        role="list"
        aria-label={label}
        aria-busy={loadingMore || undefined}
        className={styles.list}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const first = row.index * columnCount;
          return (
            <div
              key={row.key}
              role="none"
              data-index={row.index}
              ref={virtualizer.measureElement}
              className={styles.row}
              style={{ transform: `translateY(${row.start - scrollMargin}px)` }}
            >
              {items.slice(first, first + columnCount).map((item, offset) => (
                <div
                  key={getKey(item)}
                  role="listitem"
                  aria-posinset={first + offset + 1}
                  aria-setsize={totalItems ?? (hasMore ? -1 : items.length)}
                  className={styles.cell}
                >
                  {renderItem(item)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
      <div ref={sentinelRef} className={styles.sentinel} aria-hidden="true" />
      {loadingMore && (
        <div className={styles.more}>
          <Spinner label="Loading more" />
        </div>
      )}
    </div>
  );
}
