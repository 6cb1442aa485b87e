import { useMemo } from 'react';
import { useTheme } from '../../../../lib/theme';

/** The theme colours a chart draws with, as resolved CSS colours. */
export interface ChartColors {
  bar: string;
  barActive: string;
  text: string;
  textSub: string;
  grid: string;
  cursor: string;
  surface: string;
  border: string;
}

const VARIABLES: Record<keyof ChartColors, string> = {
  bar: '--color-primary',
  barActive: '--color-highlight',
  text: '--color-text',
  textSub: '--color-text-sub',
  grid: '--color-border',
  cursor: '--color-hover',
  surface: '--color-background-sub',
  border: '--color-border-strong',
};

/**
 * SVG attributes need real colours, and some theme variables are computed
 * (color-mix), so each is resolved through a hidden element's computed colour.
 */
export function readChartColors(root: HTMLElement = document.body): ChartColors {
  const probe = document.createElement('span');
  probe.hidden = true;
  root.appendChild(probe);
  const colors = {} as ChartColors;
  for (const [key, variable] of Object.entries(VARIABLES) as [keyof ChartColors, string][]) {
    probe.style.color = `var(${variable})`;
    colors[key] = getComputedStyle(probe).color || 'currentColor';
  }
  probe.remove();
  return colors;
}

/** The chart colours of the current theme; charts redraw when the theme changes. */
export function useChartColors(): ChartColors {
  const { colors } = useTheme();
  // `colors` is only the trigger: the theme has been applied to the page by the time it changes.
  return useMemo(() => readChartColors(), [colors]); // eslint-disable-line react-hooks/exhaustive-deps
}
