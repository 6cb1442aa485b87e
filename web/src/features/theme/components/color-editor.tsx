import { useId } from 'react';
import { THEME_COLOR_KEYS } from '@earmark/common';
import type { ThemeColorKey, ThemeColors } from '@earmark/common';
import styles from './color-editor.module.css';

export const COLOR_LABELS: Record<ThemeColorKey, string> = {
  background: 'Background',
  background_sub: 'Secondary background',
  primary: 'Primary',
  highlight: 'Highlight',
  text: 'Text',
  text_sub: 'Secondary text',
  error: 'Error',
};

interface ColorEditorProps {
  colors: ThemeColors;
  onChange: (key: ThemeColorKey, value: string) => void;
}

/** One native colour picker per theme colour; changes apply as you pick. */
export function ColorEditor({ colors, onChange }: ColorEditorProps) {
  const id = useId();
  return (
    <fieldset className={styles.list}>
      <legend className="visually-hidden">Custom colours</legend>
      {THEME_COLOR_KEYS.map((key) => {
        const inputId = `${id}-${key}`;
        return (
          <div key={key} className={styles.row}>
            <span className={styles.swatch} style={{ background: colors[key] }}>
              <input
                id={inputId}
                type="color"
                className={styles.colorInput}
                value={colors[key]}
                aria-describedby={`${inputId}-hex`}
                onChange={(event) => onChange(key, event.target.value)}
              />
            </span>
            <span className={styles.text}>
              <label htmlFor={inputId} className={styles.label}>
                {COLOR_LABELS[key]}
              </label>
              <span id={`${inputId}-hex`} className={styles.hex}>
                {colors[key]}
              </span>
            </span>
          </div>
        );
      })}
    </fieldset>
  );
}
