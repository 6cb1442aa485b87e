import type { CSSProperties } from 'react';
import { THEME_COLOR_KEYS, themePresets } from '@earmark/common';
import type { ThemeColors, ThemePreset } from '@earmark/common';
import { CheckIcon } from '../../../components/icons';
import styles from './preset-grid.module.css';

/** The preset's colours as `--p-<key>` variables, read by the preview's CSS. */
function previewVariables(colors: ThemeColors): CSSProperties {
  const vars: Record<string, string> = {};
  for (const key of THEME_COLOR_KEYS) vars[`--p-${key.replace('_', '-')}`] = colors[key];
  return vars as CSSProperties;
}

interface PresetGridProps {
  /** The selected preset id ('custom' selects none). */
  value: string;
  onSelect: (preset: ThemePreset) => void;
}

/** The built-in themes as a radio group: arrow keys move between them and apply at once. */
export function PresetGrid({ value, onSelect }: PresetGridProps) {
  return (
    <fieldset className={styles.grid}>
      <legend className="visually-hidden">Theme presets</legend>
      {themePresets.map((preset) => (
        <label key={preset.id} className={styles.option}>
          <input
            type="radio"
            name="theme-preset"
            value={preset.id}
            className={styles.input}
            checked={value === preset.id}
            onChange={() => onSelect(preset)}
          />
          <span
            className={styles.preview}
            style={previewVariables(preset.colors)}
            aria-hidden="true"
          >
            <span className={styles.previewBar} />
            <span className={styles.previewLine} />
            <span className={styles.previewLineSub} />
            <span className={styles.previewRow}>
              <span className={styles.previewButton} />
              <span className={styles.previewDot} />
              <span className={styles.previewError} />
            </span>
          </span>
          <span className={styles.meta}>
            <span className={styles.name}>{preset.name}</span>
            <span className={styles.mode}>{preset.mode}</span>
          </span>
          <span className={styles.check} aria-hidden="true">
            <CheckIcon size={14} />
          </span>
        </label>
      ))}
    </fieldset>
  );
}
