import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartRow } from './chart-section';
import { countText, tooltipStyles } from './chart-tooltip';
import { useChartColors } from './use-chart-colors';

export interface ColumnChartProps {
  rows: readonly ChartRow[];
  height: number;
  /** Singular and plural noun of a value, for the tooltip. */
  unit: [string, string];
}

/** Vertical bars over ordered categories (rating buckets, decades). */
export default function ColumnChart({ rows, height, unit }: ColumnChartProps) {
  const colors = useChartColors();
  const tick = { fill: colors.textSub, fontSize: 12 };
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={rows as ChartRow[]}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 4, bottom: 0, left: -16 }}
    >
      <CartesianGrid vertical={false} stroke={colors.grid} />
      <XAxis
        dataKey="label"
        tick={tick}
        tickLine={false}
        axisLine={{ stroke: colors.grid }}
        interval={0}
      />
      <YAxis allowDecimals={false} tick={tick} tickLine={false} axisLine={false} width={48} />
      <Tooltip
        {...tooltipStyles(colors)}
        formatter={(value) => [countText(Number(value), unit), null]}
        separator=""
      />
      <Bar
        dataKey="value"
        fill={colors.bar}
        activeBar={{ fill: colors.barActive }}
        radius={[3, 3, 0, 0]}
        maxBarSize={48}
        isAnimationActive={false}
      />
    </BarChart>
  );
}
