import type { SensorAggregation } from './catalogue.types.js';

/**
 * The precomputed levels of readings (ClickHouse `readings_<name>`), finest first. There is no
 * one-minute level: for stations reading every minute it would hold as many rows as the readings
 * and cost most of an insert's time, and buckets under ten minutes are read from the raw readings.
 */
export const AGGREGATE_LEVELS = [
  { name: '10m', seconds: 600 },
  { name: '1h', seconds: 3_600 },
  { name: '6h', seconds: 21_600 },
  { name: '1d', seconds: 86_400 },
] as const;

export type AggregateLevel = (typeof AGGREGATE_LEVELS)[number];
export type AggregateLevelName = AggregateLevel['name'];

/** Spec §9: the charts ask for 1000 points. */
export const DEFAULT_RESOLUTION = 1000;
export const MAX_RESOLUTION = 10_000;

export type ChartPlan = {
  /** The level read: null for the raw readings (buckets under the finest level, ten minutes). */
  readonly level: AggregateLevel | null;
  /** Seconds per chart bucket: a whole multiple of the level's size. */
  readonly bucketSeconds: number;
  /** The first bucket's start (ms, a multiple of the bucket size since the epoch). */
  readonly fromMs: number;
  /** The end of the last bucket (ms, exclusive). */
  readonly toMs: number;
  /** How many buckets the window holds. */
  readonly buckets: number;
};

/**
 * Chart buckets for [startMs, endMs) at a resolution: the ideal bucket is span ÷ resolution; the
 * coarsest level whose size is at most that bucket is read (raw readings below ten minutes), and the
 * bucket is rounded up to a whole number of level buckets so that each chart bucket is made of
 * whole level buckets (exact regrouping, never more than `resolution` buckets plus one for
 * alignment). Buckets start at multiples of their size since the epoch; the window widens to whole
 * buckets.
 */
export function planChartQuery(startMs: number, endMs: number, resolution: number = DEFAULT_RESOLUTION): ChartPlan {
  const spanSeconds = Math.max(endMs - startMs, 1) / 1000;
  const ideal = spanSeconds / Math.max(1, Math.floor(resolution));
  const level = [...AGGREGATE_LEVELS].reverse().find((l) => l.seconds <= ideal) ?? null;
  const unit = level?.seconds ?? 1;
  const bucketSeconds = Math.max(1, Math.ceil(ideal / unit)) * unit;
  const bucketMs = bucketSeconds * 1000;
  const fromMs = Math.floor(startMs / bucketMs) * bucketMs;
  const toMs = Math.max(Math.ceil(endMs / bucketMs) * bucketMs, fromMs + bucketMs);
  return { level, bucketSeconds, fromMs, toMs, buckets: (toMs - fromMs) / bucketMs };
}

/** The start (ms) of the bucket holding a time. */
export function bucketStartOf(timeMs: number, bucketSeconds: number): number {
  const bucketMs = bucketSeconds * 1000;
  return Math.floor(timeMs / bucketMs) * bucketMs;
}

/** What a bucket summarises. */
export type BucketSummary = {
  readonly min: number;
  readonly max: number;
  readonly sum: number;
  readonly count: number;
  readonly last: number;
};

/** The value a chart shows for a bucket: the maximum for flood depth and tide, else the mean. */
export function bucketValue(summary: BucketSummary, aggregation: SensorAggregation): number {
  return aggregation === 'max' ? summary.max : summary.sum / summary.count;
}
