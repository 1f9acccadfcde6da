/** One chart point: time (ms) and value (null where nothing was read). */
export type TimePoint = { readonly x: number; readonly y: number | null };

/** A bucket of an answer: its start (ms) and how many readings it holds. */
export type BucketCount = { readonly x: number; readonly samples: number };

/**
 * How much later than its normal spacing a reading may come before the line breaks: a quarter of an
 * interval of jitter is kept whole, one missed reading is a break (at buckets finer than the readings).
 */
export const GAP_FACTOR = 1.25;

/** The smaller middle value (a median that is one of the values, so two spacings give the usual one). */
const lowerMedian = (values: number[]): number | null => {
  if (values.length === 0) return null;
  values.sort((a, b) => a - b);
  return values[Math.floor((values.length - 1) / 2)]!;
};

/**
 * A series' normal spacing of readings (ms), read from its buckets: where buckets usually hold several
 * readings, the bucket divided by that count (a station reading every minute, drawn in 20-minute buckets:
 * one minute); else the usual distance between neighbouring buckets with readings (a station reading
 * hourly, drawn in 20-minute buckets: an hour). Medians, so gaps and clipped edge buckets do not move it.
 * Null with fewer than two buckets with readings and none holding several.
 */
export const readingIntervalMs = (buckets: readonly BucketCount[], bucketMs: number): number | null => {
  const filled = buckets.filter((b) => b.samples > 0);
  const perBucket = lowerMedian(filled.map((b) => b.samples));
  if (perBucket !== null && perBucket > 1) return bucketMs / perBucket;
  const spacings: number[] = [];
  for (let i = 1; i < filled.length; i++) spacings.push(filled[i]!.x - filled[i - 1]!.x);
  return lowerMedian(spacings);
};

export type GapRule = {
  /** The catalogue's minimumGap (seconds): never a break at a spacing up to it. */
  readonly minimumGapSeconds: number | null;
  readonly bucketSeconds: number;
  /** The series' normal spacing of readings (`readingIntervalMs`, in seconds); null: read from the points' spacing. */
  readonly readingIntervalSeconds: number | null;
};

/**
 * The widest distance between two neighbouring buckets with readings that a line crosses (ms): more
 * than GAP_FACTOR reading intervals, plus one bucket (a reading's time is known only to its bucket, so
 * neighbouring readings an interval apart may land in buckets up to an interval and a bucket apart),
 * and never less than the sensor's minimumGap. So a line breaks only where readings are really missing,
 * at every bucket size: an hourly station drawn in 20-minute buckets stays one line, and a station
 * reading every minute breaks at one empty 20-minute bucket.
 */
export const allowedGapMs = (rule: GapRule, intervalMs: number | null): number => {
  const bucketMs = rule.bucketSeconds * 1000;
  const interval = rule.readingIntervalSeconds !== null ? rule.readingIntervalSeconds * 1000 : intervalMs;
  // Without a known interval (one or two buckets), neighbouring buckets are the normal spacing.
  const normal = Math.max(interval ?? bucketMs, 0);
  return Math.max((rule.minimumGapSeconds ?? 0) * 1000, GAP_FACTOR * normal + bucketMs);
};

/** The points' own spacing as the interval, for series that came without one (each point one reading). */
const spacingOf = (points: readonly TimePoint[]): number | null =>
  readingIntervalMs(
    points.flatMap((p) => (p.y === null ? [] : [{ x: p.x, samples: 1 }])),
    1,
  );

/**
 * Spec §3 / fieldkit-compat "Chart data": a line breaks where two neighbouring readings lie further
 * apart than `allowedGapMs` says (the series' own reading interval, the bucket and the sensor's
 * minimumGap). The break is a null point between the two, which the line chart draws as a gap.
 * Points must be in time order; a point without a value stays (and breaks the line there): answers
 * list only buckets with readings, so a null is a value said to be missing.
 */
export const breakAtGaps = (points: readonly TimePoint[], rule: GapRule): TimePoint[] => {
  const allowedMs = allowedGapMs(rule, rule.readingIntervalSeconds === null ? spacingOf(points) : null);
  const out: TimePoint[] = [];
  let previous: TimePoint | undefined;
  for (const point of points) {
    if (previous !== undefined && previous.y !== null && point.y !== null && point.x - previous.x > allowedMs) {
      out.push({ x: previous.x + allowedMs, y: null });
    }
    out.push(point);
    previous = point;
  }
  return out;
};
