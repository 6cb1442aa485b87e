import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartRow } from './chart-section';
import { countText, tooltipStyles } from './chart-tooltip';
import { useChartColors } from './use-chart-colors';

export interface BarListChartProps {
  rows: readonly ChartRow[];
  height: number;
  unit: [string, string];
}

const LABEL_MAX = 20;
const shorten = (label: string) =>
  label.length > LABEL_MAX ? `${label.slice(0, LABEL_MAX - 1).trimEnd()}…` : label;

/** Horizontal bars, largest first, for named things (artists, genres). */
export default function BarListChart({ rows, height, unit }: BarListChartProps) {
  const colors = useChartColors();
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      layout="vertical"
      data={rows as ChartRow[]}
      style={{ width: '100%', height }}
      margin={{ top: 0, right: 12, bottom: 0, left: 0 }}
      barCategoryGap={4}
    >
      <CartesianGrid horizontal={false} stroke={colors.grid} />
      <XAxis
        type="number"
        allowDecimals={false}
        tick={{ fill: colors.textSub, fontSize: 12 }}
        tickLine={false}
        axisLine={false}
      />
      <YAxis
        type="category"
        dataKey="label"
        width={132}
        interval={0}
        tick={{ fill: colors.text, fontSize: 13 }}
        tickFormatter={shorten}
        tickLine={false}
        axisLine={{ stroke: colors.grid }}
      />
      <Tooltip
        {...tooltipStyles(colors)}
        formatter={(value) => [countText(Number(value), unit), null]}
        separator=""
      />
      <Bar
        dataKey="value"
        fill={colors.bar}
        activeBar={{ fill: colors.barActive }}
        radius={[0, 3, 3, 0]}
        maxBarSize={22}
        isAnimationActive={false}
      />
    </BarChart>
  );
}
