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
  /** The first bucket's start (ms): the window's start floored to the bucket (gridOrigin). */
  readonly fromMs: number;
  /** The end of the last bucket (ms, exclusive). */
  readonly toMs: number;
  /** How many buckets the grid holds: at most the resolution. */
  readonly buckets: number;
  /** The window asked (ms, start inclusive): the buckets hold its readings and no others. */
  readonly startMs: number;
  readonly endMs: number;
};

const MINUTE = 60;
const HOUR = 3_600;
const DAY = 86_400;
const YEAR = 365 * DAY;

/**
 * The bucket sizes a chart may use (seconds), smallest first: units a reader takes in at a glance
 * ('Mean of each 20 min', never 'each 87 sec'). Under ten minutes they are read from the raw
 * readings; from ten minutes on each is a whole number of an aggregate level's buckets, so no size
 * turns a level-served window into a raw read (15 min is left out for that reason: a week at 1000
 * points would read a week of raw readings instead of the ten-minute level). Twelve hours is left out
 * on purpose: half of the daily cycle, its buckets alternate day and night means and draw a year of
 * temperature as a zig-zag (issue 32); a window that would take it takes whole days.
 */
export const BUCKET_LADDER_SECONDS: readonly number[] = [
  1,
  2,
  5,
  10,
  15,
  30,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  20 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  90 * DAY,
  180 * DAY,
  ...[1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].map((years) => years * YEAR),
];

/**
 * Where the bucket grid of a size starts for a window starting at `startMs`: the start floored to
 * the bucket (hours on whole hours, days at midnight UTC), or to the day for buckets of several
 * days (a week's buckets start on the window's first day, not on the epoch's Thursday).
 */
export function gridOrigin(startMs: number, bucketSeconds: number): number {
  const alignMs = Math.min(bucketSeconds, DAY) * 1000;
  return Math.floor(startMs / alignMs) * alignMs;
}

/** How many buckets of `bucketSeconds` on the grid of gridOrigin cover [startMs, endMs) (at least one). */
export function gridBuckets(startMs: number, endMs: number, bucketSeconds: number): number {
  const fromMs = gridOrigin(startMs, bucketSeconds);
  return Math.max(1, Math.ceil((Math.max(endMs, startMs + 1) - fromMs) / (bucketSeconds * 1000)));
}

/** The coarsest level whose buckets make up a bucket of this size (null: raw readings, under ten minutes). */
export function levelFor(bucketSeconds: number): AggregateLevel | null {
  return [...AGGREGATE_LEVELS].reverse().find((l) => bucketSeconds >= l.seconds && bucketSeconds % l.seconds === 0) ?? null;
}

/** The smallest ladder size whose grid covers [startMs, endMs) in at most `resolution` buckets. */
export function snapBucketSeconds(startMs: number, endMs: number, resolution: number): number {
  const count = Math.max(1, Math.floor(resolution));
  const ideal = Math.max(endMs - startMs, 1) / 1000 / count;
  for (const size of BUCKET_LADDER_SECONDS) {
    if (size >= ideal && gridBuckets(startMs, endMs, size) <= count) return size;
  }
  // Past the ladder (a window of millennia): whole days, as few as fit.
  return Math.ceil((Math.max(endMs - startMs, 1) + DAY * 1000) / (count * DAY * 1000)) * DAY;
}

/**
 * Chart buckets for [startMs, endMs) at a resolution. The bucket is the smallest readable size
 * (BUCKET_LADDER_SECONDS) whose grid covers the window in at most `resolution` buckets
 * (`resolution=1` is one bucket); the grid starts at the window's start floored to the bucket
 * (gridOrigin); the coarsest level whose buckets make up a chart bucket is read (raw readings under
 * ten minutes). Buckets hold only the window's readings: the first and last buckets are clipped to
 * [startMs, endMs), their ragged ends read from finer levels and the raw readings (`coverRange`),
 * so every resolution sums to the same readings. The web app asks raw readings with the same grid
 * (gridBuckets), so server and web agree on it.
 */
export function planChartQuery(startMs: number, endMs: number, resolution: number = DEFAULT_RESOLUTION): ChartPlan {
  const bucketSeconds = snapBucketSeconds(startMs, endMs, resolution);
  const level = levelFor(bucketSeconds);
  const fromMs = gridOrigin(startMs, bucketSeconds);
  const buckets = gridBuckets(startMs, endMs, bucketSeconds);
  return { level, bucketSeconds, fromMs, toMs: fromMs + buckets * bucketSeconds * 1000, buckets, startMs, endMs };
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
