import { MIN_TEXT_CONTRAST, lowContrastChecks, themeContrastChecks } from '@earmark/common';
import type { ContrastCheck, ThemeColors } from '@earmark/common';
import { CheckIcon, WarningIcon } from '../../../components/icons';
import styles from './contrast-note.module.css';

/**
 * A contrast ratio as '4.4:1', rounded down so that a ratio just under the
 * minimum never reads as reaching it.
 */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 10) / 10).toFixed(1)}:1`;
}

const pairs = (count: number) => `${count} colour ${count === 1 ? 'pair' : 'pairs'}`;

/** 'Low contrast: 2 colour pairs are below 4.5:1.' */
export function lowContrastSummary(low: readonly ContrastCheck[]): string {
  const verb = low.length === 1 ? 'is' : 'are';
  return `Low contrast: ${pairs(low.length)} ${verb} below ${MIN_TEXT_CONTRAST}:1.`;
}

/**
 * Live readout of the theme's contrast: every colour used for text on both
 * backgrounds, and the tinted surfaces the pages mix from them. Below 4.5:1
 * it lists each pair that is hard to read, worst first, with its ratio.
 */
export function ContrastNote({ colors }: { colors: ThemeColors }) {
  const low = lowContrastChecks(colors);
  const lowest = Math.min(...themeContrastChecks(colors).map((check) => check.ratio));
  return (
    <div className={`${styles.note} ${low.length > 0 ? styles.warning : styles.ok}`}>
      <p role="status" className={styles.summary}>
        {low.length > 0 ? <WarningIcon size={18} /> : <CheckIcon size={18} />}
        <span>
          {low.length > 0
            ? `${lowContrastSummary(low)} Use at least ${MIN_TEXT_CONTRAST}:1 so everyone can read it.`
            : `Every text colour is easy to read: the lowest contrast is ${formatRatio(lowest)}.`}
        </span>
      </p>
      {low.length > 0 && (
        <ul className={styles.list}>
          {low.map((check) => (
            <li key={check.label}>
              {check.label}: <strong>{formatRatio(check.ratio)}</strong>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
