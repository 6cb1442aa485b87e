import type { ThemeColors } from '../schemas/theme';
import { contrastRatio, mixColors, onColor } from './contrast';

/** WCAG AA for text of normal size. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * How strongly a track row is tinted with the error colour when all its
 * votes are down-votes (track-list.module.css uses the same 35%). Its
 * secondary text moves towards the body text colour in step with the tint.
 */
export const TRACK_ROW_MAX_TINT = 0.35;

/**
 * The weight of the primary colour in the light tint behind badges, chips
 * and selected menu items (--color-primary-soft in global.css), which show
 * primary text on it.
 */
export const PRIMARY_TINT = 0.14;

/** Down-vote shares the checks sample between an untinted and a fully tinted row. */
const TRACK_ROW_SHARES = [0.25, 0.5, 0.75, 1] as const;

export interface ContrastCheck {
  /** What is read on what, e.g. 'Primary on secondary background'. */
  label: string;
  foreground: string;
  background: string;
  ratio: number;
  min: number;
}

const TEXT_COLORS = [
  ['text', 'Text'],
  ['text_sub', 'Secondary text'],
  ['primary', 'Primary'],
  ['highlight', 'Highlight'],
  ['error', 'Error'],
] as const;

const BACKGROUNDS = [
  ['background', 'background'],
  ['background_sub', 'secondary background'],
] as const;

function check(label: string, foreground: string, background: string): ContrastCheck {
  return {
    label,
    foreground,
    background,
    ratio: contrastRatio(foreground, background),
    min: MIN_TEXT_CONTRAST,
  };
}

/**
 * Every pairing of a theme's colours that Earmark's pages show text in: each
 * colour used for text (body, secondary, primary for links, highlight, error)
 * on both backgrounds, primary text on its own light tint (badges, chips),
 * labels on filled primary and error buttons, and text on track rows tinted
 * by their down-votes.
 */
export function themeContrastChecks(colors: ThemeColors): ContrastCheck[] {
  const checks: ContrastCheck[] = [];
  for (const [bgKey, bgName] of BACKGROUNDS) {
    for (const [key, name] of TEXT_COLORS) {
      checks.push(check(`${name} on ${bgName}`, colors[key], colors[bgKey]));
    }
  }
  for (const [bgKey, bgName] of BACKGROUNDS) {
    const tint = mixColors(colors.primary, colors[bgKey], PRIMARY_TINT);
    checks.push(check(`Primary on a primary tint over ${bgName}`, colors.primary, tint));
  }
  checks.push(
    check('Label on primary', onColor(colors.primary), colors.primary),
    check('Label on error', onColor(colors.error), colors.error),
  );
  for (const share of TRACK_ROW_SHARES) {
    const row = mixColors(colors.error, colors.background_sub, share * TRACK_ROW_MAX_TINT);
    const sub = mixColors(colors.text, colors.text_sub, share);
    const percent = Math.round(share * 100);
    checks.push(
      check(`Text on a track row ${percent}% down-voted`, colors.text, row),
      check(`Secondary text on a track row ${percent}% down-voted`, sub, row),
    );
  }
  return checks;
}

/** The checks a theme fails, worst first: empty when every text is readable. */
export function lowContrastChecks(colors: ThemeColors): ContrastCheck[] {
  return themeContrastChecks(colors)
    .filter((c) => c.ratio < c.min)
    .sort((a, b) => a.ratio - b.ratio);
}
