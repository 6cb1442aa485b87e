import styles from './sort-toggle.module.css';

export interface SortOption<T extends string> {
  value: T;
  label: string;
}

/** A small group of toggle buttons choosing a list's order; the chosen one is pressed. */
export function SortToggle<T extends string>({
  options,
  value,
  onChange,
  label,
}: {
  options: readonly SortOption<T>[];
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    <div className={styles.group} role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={styles.option}
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
