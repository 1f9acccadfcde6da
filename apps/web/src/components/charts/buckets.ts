import { gridBuckets } from '@groundtruth/domain';
import type { TimeRange } from './chart-types';

/** What the API reads above this many buckets (libs/domain MAX_RESOLUTION). */
export const MAX_RESOLUTION = 10_000;
/** Spec §9: charts ask for 1000 points. */
export const CHART_RESOLUTION = 1000;
/**
 * The range chart asks for fewer, wider buckets: its band is each bucket's spread, which at 1000
 * points over two weeks of minute readings is barely wider than the line (a week: hours; a year: two
 * days).
 */
export const RANGE_RESOLUTION = 250;
/** Demo stations read once a minute: a bucket this small holds at most one reading. */
export const RAW_BUCKET_MS = 60_000;

/**
 * Spec §9: bars step 5 minutes, or bucket size ÷ 60 minutes (one bar a bucket) when the bucket is over
 * 300 seconds. Answers the step in seconds.
 */
export const barStepSeconds = (bucketSeconds: number): number => (bucketSeconds > 300 ? bucketSeconds : 300);

export type Bar = { readonly start: number; readonly value: number };

/** Regroups time points into bars of `stepSeconds`, each the sensor's aggregation (mean or max) of its points. */
export const toBars = (
  points: readonly { readonly x: number; readonly y: number | null }[],
  stepSeconds: number,
  aggregation: 'avg' | 'max',
): Bar[] => {
  const stepMs = stepSeconds * 1000;
  const bins = new Map<number, { sum: number; max: number; n: number }>();
  for (const p of points) {
    if (p.y === null) continue;
    const start = Math.floor(p.x / stepMs) * stepMs;
    const bin = bins.get(start) ?? { sum: 0, max: Number.NEGATIVE_INFINITY, n: 0 };
    bin.sum += p.y;
    bin.max = Math.max(bin.max, p.y);
    bin.n += 1;
    bins.set(start, bin);
  }
  return [...bins.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([start, b]) => ({ start, value: aggregation === 'max' ? b.max : b.sum / b.n }));
};

/** Spec §9: a histogram has at most 20 bins. */
export const MAX_HISTOGRAM_BINS = 20;
export type HistogramBin = { readonly from: number; readonly to: number; readonly count: number };

/** Equal-width bins over the values' span (about √n of them, at most 20); one bin when every value is the same. */
export const histogram = (values: readonly number[], maxBins = MAX_HISTOGRAM_BINS): HistogramBin[] => {
  if (values.length === 0) return [];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min === max) return [{ from: min, to: max, count: values.length }];
  const n = Math.max(1, Math.min(maxBins, Math.ceil(Math.sqrt(values.length))));
  const width = (max - min) / n;
  const counts = new Array<number>(n).fill(0);
  for (const v of values) counts[Math.min(n - 1, Math.floor((v - min) / width))]! += 1;
  return counts.map((count, i) => ({ from: min + i * width, to: i === n - 1 ? max : min + (i + 1) * width, count }));
};

export type GroupedBin = { readonly from: number; readonly to: number; readonly counts: readonly number[] };

/**
 * One histogram over several series of one quantity: equal-width bins over all their values (about
 * √n of them, at most 20), each bin counting every series' values apart, for grouped bars.
 */
export const groupedHistogram = (valueSets: readonly (readonly number[])[], maxBins = MAX_HISTOGRAM_BINS): GroupedBin[] => {
  const all = valueSets.flat();
  const bins = histogram(all, maxBins);
  if (bins.length === 0) return [];
  const first = bins[0]!;
  const width = bins.length === 1 ? 0 : (bins[bins.length - 1]!.to - first.from) / bins.length;
  return bins.map((b, i) => ({
    from: b.from,
    to: b.to,
    counts: valueSets.map(
      (values) =>
        values.filter((v) => (width === 0 ? true : Math.min(bins.length - 1, Math.floor((v - first.from) / width)) === i)).length,
    ),
  }));
};

/**
 * Decimals that write every bin's bounds apart: as many as the bin width's first significant digit
 * needs (width 0.0375 → 2), more while two bounds still read the same; at least 1 (spec §9's readings).
 */
export const binDecimals = (bins: readonly { readonly from: number; readonly to: number }[]): number => {
  if (bins.length === 0) return 1;
  const width = bins.length > 1 ? (bins[bins.length - 1]!.to - bins[0]!.from) / bins.length : 0;
  let decimals = width > 0 ? Math.max(1, Math.ceil(-Math.log10(width))) : 1;
  const bounds = [bins[0]!.from, ...bins.map((b) => b.to)];
  while (decimals < 10 && new Set(bounds.map((v) => v.toFixed(decimals))).size < new Set(bounds).size) decimals += 1;
  return decimals;
};

/**
 * Spec §9: the range chart has 8 ticks. Its time axis takes them on calendar boundaries like the other
 * charts (utils/time-ticks.ts), at most this many, fewer when its width cannot hold them.
 */
export const RANGE_TICKS = 8;

/**
 * The resolution that asks for raw readings over this window (buckets of at most a minute), or null
 * when the window is too long for that (more than MAX_RESOLUTION minutes, about a week): the count of
 * one-minute buckets on the server's own grid (the domain's gridBuckets, which planChartQuery uses),
 * so the server's smallest readable bucket that fits is a minute or less.
 */
export const rawResolution = ([start, end]: TimeRange): number | null => {
  const buckets = gridBuckets(start, end, RAW_BUCKET_MS / 1000);
  return buckets <= MAX_RESOLUTION ? buckets : null;
};

export type Aggregation =
  | { readonly kind: 'raw' }
  | { readonly kind: 'aggregated'; readonly bucketSeconds: number; readonly fn: 'mean' | 'max' | 'mixed' };

/**
 * What a chart shows: raw readings only when the answer read them and no bucket holds two; else
 * buckets of `bucketSeconds` summarised by the series' sensors' function (spec §9: max for water
 * depth, else the mean), 'mixed' when its series do not share one (a depth beside a temperature).
 */
export const describeAggregation = (
  answer: {
    readonly aggregate: string;
    readonly bucketSize: number;
    readonly series: readonly { readonly samples: readonly number[] }[];
  },
  aggregations: readonly ('avg' | 'max')[],
): Aggregation => {
  if (answer.aggregate === 'raw' && answer.series.every((s) => s.samples.every((n) => n <= 1))) return { kind: 'raw' };
  const fns = new Set(aggregations.map((a) => (a === 'max' ? 'max' : 'mean')));
  const fn = fns.size > 1 ? 'mixed' : fns.has('max') ? 'max' : 'mean';
  return { kind: 'aggregated', bucketSeconds: answer.bucketSize, fn };
};
