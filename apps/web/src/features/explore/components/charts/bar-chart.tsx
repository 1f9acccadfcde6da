import { ResponsiveBar } from '@nivo/bar';
import { barStepSeconds, toBars } from '../../utils/buckets';
import { CHART_THEME, formatTick, type ChartProps } from './chart-types';

/** Bar chart (spec §9): bars of 5 minutes, or one bucket when buckets are over 300 s; series side by side. */
export const BarChart = ({ series, domain, height, label, locale }: ChartProps) => {
  const span = domain[1] - domain[0];
  const rows = new Map<number, Record<string, number>>();
  for (const s of series) {
    const inside = s.points.filter((p) => p.x >= domain[0] && p.x <= domain[1]);
    for (const bar of toBars(inside, barStepSeconds(s.bucketSeconds), s.aggregation)) {
      const row = rows.get(bar.start) ?? { start: bar.start };
      row[s.id] = bar.value;
      rows.set(bar.start, row);
    }
  }
  const data = [...rows.values()].sort((a, b) => (a['start'] ?? 0) - (b['start'] ?? 0));
  const every = Math.max(1, Math.ceil(data.length / 6));
  return (
    <div style={{ height }}>
      <ResponsiveBar
        data={data}
        keys={series.map((s) => s.id)}
        indexBy="start"
        groupMode="grouped"
        margin={{ top: 10, right: 20, bottom: 40, left: 64 }}
        padding={0.1}
        colors={series.map((s) => s.color)}
        enableLabel={false}
        enableGridX={false}
        axisBottom={{
          tickValues: data.filter((_, i) => i % every === 0).map((d) => d['start'] ?? 0),
          format: (v: number | string) => formatTick(Number(v), span, locale),
        }}
        axisLeft={{ tickValues: 5, legend: series[0]?.unit ?? '', legendOffset: -54, legendPosition: 'middle' }}
        animate={false}
        theme={CHART_THEME}
        role="img"
        ariaLabel={label}
      />
    </div>
  );
};
