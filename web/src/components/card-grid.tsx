import type { CSSProperties, ReactNode } from 'react';
import type { ColumnCounts } from './use-columns';
import styles from './card-grid.module.css';

export interface CardGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  columns: ColumnCounts;
  /** Accessible name of the list. */
  label: string;
}

/**
 * A plain (not virtualised) grid of cards for short lists such as the home
 * page sections and a discography group. Columns follow the breakpoints in CSS.
 */
export function CardGrid<T>({ items, getKey, renderItem, columns, label }: CardGridProps<T>) {
  const style = {
    '--columns-wide': columns.wide,
    '--columns-medium': columns.medium,
    '--columns-small': columns.small,
  } as CSSProperties;
  return (
    <ul className={styles.grid} style={style} aria-label={label}>
      {items.map((item) => (
        <li key={getKey(item)} className={styles.cell}>
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
