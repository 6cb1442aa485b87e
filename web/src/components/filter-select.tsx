import { useId } from 'react';
import styles from './filter-select.module.css';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterSelectProps {
  label: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
  /** The first option, meaning 'no filter'; omitted for a choice that always has a value. */
  anyLabel?: string;
}

/** A labelled native select (native for keyboard, screen readers and phones' pickers). */
export function FilterSelect({ label, value, options, onChange, anyLabel }: FilterSelectProps) {
  const id = useId();
  // A value from the address that the options do not list still shows as chosen.
  const known = value === '' || options.some((option) => option.value === value);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        className={`${styles.select} ${value && anyLabel ? styles.active : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {!known && <option value={value}>{value}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
