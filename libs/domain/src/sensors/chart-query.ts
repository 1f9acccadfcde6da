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
  /** The first bucket's start (ms): the window's start floored to the level's grid (to a second for raw readings). */
  readonly fromMs: number;
  /** The end of the last bucket (ms, exclusive). */
  readonly toMs: number;
  /** How many buckets the grid holds: at most the resolution. */
  readonly buckets: number;
  /** The window asked (ms, start inclusive): the buckets hold its readings and no others. */
  readonly startMs: number;
  readonly endMs: number;
};

/**
 * Chart buckets for [startMs, endMs) at a resolution. The ideal bucket is span ÷ resolution; the
 * coarsest level whose size is at most that bucket is read (raw readings below ten minutes). The
 * bucket grid starts at the window's start floored to the level's grid and its buckets are whole
 * numbers of level buckets, as few as make at most `resolution` buckets reach the window's end (so
 * `resolution=1` is one bucket). Buckets hold only the window's readings: the first and last
 * buckets are clipped to [startMs, endMs), their ragged ends read from finer levels and the raw
 * readings (`coverRange`), so every resolution sums to the same readings.
 */
export function planChartQuery(startMs: number, endMs: number, resolution: number = DEFAULT_RESOLUTION): ChartPlan {
  const spanSeconds = Math.max(endMs - startMs, 1) / 1000;
  const count = Math.max(1, Math.floor(resolution));
  const ideal = spanSeconds / count;
  const level = [...AGGREGATE_LEVELS].reverse().find((l) => l.seconds <= ideal) ?? null;
  const unitMs = (level?.seconds ?? 1) * 1000;
  const fromMs = Math.floor(startMs / unitMs) * unitMs;
  const gridSpan = Math.max(endMs - fromMs, 1);
  const bucketMs = Math.max(1, Math.ceil(gridSpan / (count * unitMs))) * unitMs;
  const buckets = Math.max(1, Math.ceil(gridSpan / bucketMs));
  return { level, bucketSeconds: bucketMs / 1000, fromMs, toMs: fromMs + buckets * bucketMs, buckets, startMs, endMs };
}

/** The start (ms) of the bucket holding a time, on a grid of buckets starting at `originMs` (the epoch by default). */
export function bucketStartOf(timeMs: number, bucketSeconds: number, originMs = 0): number {
  const bucketMs = bucketSeconds * 1000;
  return originMs + Math.floor((timeMs - originMs) / bucketMs) * bucketMs;
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
