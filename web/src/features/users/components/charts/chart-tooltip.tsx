import type { ChartColors } from './use-chart-colors';

/** A count with its noun: '1 rating', '12 ratings'. */
export const countText = (value: number, unit: [string, string]) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? unit[0] : unit[1]}`;

/** Tooltip styles from the theme (recharts draws the tooltip as a plain div). */
export const tooltipStyles = (colors: ChartColors) => ({
  contentStyle: {
    background: colors.surface,
    border: `1px solid ${colors.border}`,
    borderRadius: 4,
    color: colors.text,
    fontSize: 13,
  },
  labelStyle: { color: colors.text, fontWeight: 700 },
  itemStyle: { color: colors.text, padding: 0 },
  cursor: { fill: colors.cursor },
});
