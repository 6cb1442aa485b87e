import styles from './spinner.module.css';

interface SpinnerProps {
  size?: number;
  /** Read by screen readers. */
  label?: string;
}

export function Spinner({ size = 24, label = 'Loading' }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={styles.spinner}
      style={{ width: size, height: size }}
    />
  );
}

/** A centred spinner filling the content area while a page or its data loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size={32} label={label} />
    </div>
  );
}
