// The one place this feature meets the explore charts (they may move to a shared folder).
import { TimeSeriesChart } from '@/components/charts/time-series-chart';
import type { ChartSeries } from '@/components/charts/chart-types';
import type { ResultPlot } from '../utils/result-series';

const COLORS = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#d62728',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#7f7f7f',
  '#bcbd22',
  '#17becf',
  '#393b79',
  '#637939',
];

/** A result with a time column, drawn as the explore page's time series: one panel per value column. */
export const ResultChart = ({ plot, label, locale }: { plot: ResultPlot; label: string; locale: string }) => {
  const series: ChartSeries[] = plot.lines.map((line, i) => ({
    id: line.id,
    label: line.label,
    sensor: line.column,
    sensorKey: line.column,
    color: COLORS[i % COLORS.length]!,
    unit: line.column,
    aggregation: 'avg',
    points: line.points,
    bands: [],
    envelope: false,
    // A result's times are exact, not bucket starts: no bucket's width of slack, so a missed step breaks the line.
    bucketSeconds: 0,
    minimumGapSeconds: null,
    readingIntervalSeconds: plot.stepSeconds,
    thresholds: [],
  }));
  return <TimeSeriesChart series={series} domain={plot.domain} height={360} label={label} locale={locale} />;
};
