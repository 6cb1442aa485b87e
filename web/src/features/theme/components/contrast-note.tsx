import { contrastRatio } from '@earmark/common';
import type { ThemeColors } from '@earmark/common';
import { CheckIcon, WarningIcon } from '../../../components/icons';
import styles from './contrast-note.module.css';

/** WCAG AA for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

/** Live readout of the text/background contrast; warns below 4.5:1. */
export function ContrastNote({ colors }: { colors: ThemeColors }) {
  const ratio = contrastRatio(colors.text, colors.background);
  const shown = ratio.toFixed(1);
  const low = ratio < MIN_TEXT_CONTRAST;
  return (
    <p role="status" className={`${styles.note} ${low ? styles.warning : styles.ok}`}>
      {low ? <WarningIcon size={18} /> : <CheckIcon size={18} />}
      <span>
        {low
          ? `Low contrast: text on background is ${shown}:1. Use at least ${MIN_TEXT_CONTRAST}:1 so everyone can read it.`
          : `Text on background contrast is ${shown}:1 — easy to read.`}
      </span>
    </p>
  );
}
