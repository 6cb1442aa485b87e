import styles from './logo.module.css';

/** The Earmark mark: a sheet with a folded corner holding a record. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg
      className={styles.mark}
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <path
        className={styles.sheet}
        d="M6 2h14l10 10v14a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V6a4 4 0 0 1 4-4z"
      />
      <path className={styles.fold} d="M20 2v6a4 4 0 0 0 4 4h6z" />
      <circle className={styles.disc} cx="15" cy="18.5" r="7" />
      <circle className={styles.hole} cx="15" cy="18.5" r="2.2" />
    </svg>
  );
}

/** Mark plus wordmark; `hideText` keeps only the mark (small screens). */
export function Logo({ hideTextClassName }: { hideTextClassName?: string }) {
  return (
    <span className={styles.logo}>
      <LogoMark />
      <span className={hideTextClassName}>Earmark</span>
    </span>
  );
}
