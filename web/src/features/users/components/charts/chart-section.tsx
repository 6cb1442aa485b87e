import { Suspense, useId } from 'react';
import type { ReactNode } from 'react';
import { Button } from '../../../../components/button';
import { Spinner } from '../../../../components/spinner';
import { errorMessage } from '../../../../lib/api';
import styles from './chart-section.module.css';

export interface ChartRow {
  key: string;
  label: string;
  value: number;
}

export interface ChartSectionProps {
  title: string;
  /** Headers of the table that carries the chart's data for screen readers. */
  columns: [string, string];
  rows: readonly ChartRow[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** Shown instead of the chart when every value is zero. */
  emptyText: string;
  /** Height of the drawing (also of its placeholder while the chart code loads). */
  height: number;
  /** The chart itself; drawn only when there is data. */
  children: ReactNode;
}

/**
 * A titled chart card. The drawing is hidden from assistive technology; a
 * visually hidden table under the same heading holds the same numbers.
 */
export function ChartSection({
  title,
  columns,
  rows,
  isPending,
  error,
  onRetry,
  emptyText,
  height,
  children,
}: ChartSectionProps) {
  const headingId = useId();
  const hasData = !!rows && rows.some((row) => row.value > 0);
  const placeholder = (
    <div className={styles.placeholder} style={{ height }}>
      <Spinner label={`Loading ${title.toLowerCase()}`} />
    </div>
  );

  let body: ReactNode;
  if (isPending) body = placeholder;
  else if (!rows) {
    body = (
      <div className={styles.message} style={{ minHeight: height }}>
        <p>This chart could not be loaded. {errorMessage(error)}</p>
        <Button variant="secondary" size="small" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  } else if (!hasData) {
    body = (
      <div className={styles.message} style={{ minHeight: height }}>
        <p>{emptyText}</p>
      </div>
    );
  } else {
    body = (
      <>
        <div aria-hidden="true" className={styles.chart} style={{ height }}>
          <Suspense fallback={placeholder}>{children}</Suspense>
        </div>
        <table className="visually-hidden">
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                <td>{row.value.toLocaleString('en-US')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {body}
    </section>
  );
}
