import { AGGREGATE_LEVELS, type AggregateLevel } from './chart-query.js';

/** A stretch of time read from one level of readings: an aggregate table, or the raw readings (null). */
export type RangeSegment = { readonly level: AggregateLevel | null; readonly fromMs: number; readonly toMs: number };

/**
 * [fromMs, toMs) as the fewest whole buckets of the precomputed levels: whole days (or the
 * coarsest level asked) in the middle, then whole 6 h, 1 h and 10 min buckets towards the ends, and
 * raw readings for what is left of ten minutes at either end. Summing the segments' counts, sums, minima and maxima gives the exact
 * figures of the range while reading at most a few rows per level. In time order.
 */
export function coverRange(
  fromMs: number,
  toMs: number,
  /** The coarsest level to read (all by default): a chart reads its own level and finer ones at the ends. */
  coarsest: AggregateLevel = AGGREGATE_LEVELS[AGGREGATE_LEVELS.length - 1]!,
): RangeSegment[] {
  const levels = [...AGGREGATE_LEVELS].reverse().filter((l) => l.seconds <= coarsest.seconds);
  const out: RangeSegment[] = [];
  const cover = (from: number, to: number, index: number): void => {
    if (from >= to) return;
    const level = levels[index];
    if (level === undefined) {
      out.push({ level: null, fromMs: from, toMs: to });
      return;
    }
    const size = level.seconds * 1000;
    const start = Math.ceil(from / size) * size;
    const end = Math.floor(to / size) * size;
    if (start >= end) {
      cover(from, to, index + 1);
      return;
    }
    cover(from, start, index + 1);
    out.push({ level, fromMs: start, toMs: end });
    cover(end, to, index + 1);
  };
  cover(fromMs, toMs, 0);
  return out;
}
