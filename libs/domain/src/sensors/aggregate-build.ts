import { AGGREGATE_LEVELS } from './chart-query.js';

/** A stretch of time whose aggregates are built together: [fromMs, toMs), whole coarsest buckets. */
export type AggregateSpan = { readonly fromMs: number; readonly toMs: number };

/** The coarsest level: a span built from the levels below must hold whole buckets of it. */
const COARSEST = AGGREGATE_LEVELS[AGGREGATE_LEVELS.length - 1]!;

/**
 * Days of aggregates built per slice of a write (each slice: one insert per level). A chart sent
 * meanwhile waits for one statement; a month keeps that wait near the chart target at about twice
 * the cost of the fewest statements (the measurements are in docs/benchmarks.md).
 */
export const AGGREGATE_BUILD_SLICE_DAYS = 31;

/**
 * Days per slice of the finest level within a slice of AGGREGATE_BUILD_SLICE_DAYS: the one level
 * read from the readings, so its month was the longest statement of a build; a week is no longer
 * than the coarser levels' month, for the same whole build.
 */
export const FINEST_BUILD_SLICE_DAYS = 7;

/** The coarsest bucket (day) holding a time, as its number since the epoch, floored (before 1970 too). */
export const aggregateDayOf = (timeMs: number): number => Math.floor(timeMs / (COARSEST.seconds * 1000));

/**
 * The spans whose aggregates to build after readings were written on the given days (numbers of
 * `aggregateDayOf`, in any order, repeats allowed): whole days, because each level is rebuilt from
 * the level below over the same span and a coarse bucket built from part of its finer buckets
 * would be wrong. Each span starts at a day holding readings and runs over the following days up
 * to `sliceBuckets` days long, to the end of the last day holding readings within that length:
 * a year of daily readings is twelve spans of a month, readings in 1900, 1950 and 2010 three spans
 * of a day (not forty thousand days built one slice after another). In time order.
 */
export function aggregateBuildSpans(days: Iterable<number>, sliceBuckets: number = AGGREGATE_BUILD_SLICE_DAYS): AggregateSpan[] {
  const sorted = [...new Set(days)].filter(Number.isFinite).sort((a, b) => a - b);
  const size = COARSEST.seconds * 1000;
  const length = Math.max(1, Math.floor(sliceBuckets));
  const spans: AggregateSpan[] = [];
  let first: number | undefined;
  let last = 0;
  for (const day of sorted) {
    if (first !== undefined && day < first + length) {
      last = day;
      continue;
    }
    if (first !== undefined) spans.push({ fromMs: first * size, toMs: (last + 1) * size });
    first = last = day;
  }
  if (first !== undefined) spans.push({ fromMs: first * size, toMs: (last + 1) * size });
  return spans;
}
