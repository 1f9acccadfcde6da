import { describe, expect, it } from '@jest/globals';
import { allowedGapMs, breakAtGaps, readingIntervalMs, type BucketCount, type TimePoint } from './gaps';

const SEC = 1000;
const MIN = 60 * SEC;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The bucket sizes a chart may ask (libs/domain BUCKET_LADDER_SECONDS, 1 min to 1 day). */
const BUCKETS_MS = [1, 2, 5, 10, 20, 30, 60, 120, 180, 360, 1440].map((m) => m * MIN);

/**
 * Readings every `stepMs` over `spanMs` (with `jitterMs` of alternating lateness), except those in
 * `missing`, gathered as the API does into buckets of `bucketMs` on the grid: each bucket with readings
 * is one point at its start, holding their mean and count.
 */
const bucketed = ({
  stepMs,
  spanMs,
  bucketMs,
  missing = [],
  jitterMs = 0,
}: {
  stepMs: number;
  spanMs: number;
  bucketMs: number;
  missing?: readonly (readonly [number, number])[];
  jitterMs?: number;
}): { points: TimePoint[]; buckets: BucketCount[] } => {
  const byBucket = new Map<number, { sum: number; n: number }>();
  for (let i = 0, t = 0; t < spanMs; i++, t = i * stepMs) {
    const at = t + (i % 2 === 1 ? jitterMs : 0);
    if (missing.some(([a, b]) => at >= a && at < b)) continue;
    const start = Math.floor(at / bucketMs) * bucketMs;
    const b = byBucket.get(start) ?? { sum: 0, n: 0 };
    b.sum += Math.sin(at / HOUR);
    b.n += 1;
    byBucket.set(start, b);
  }
  const starts = [...byBucket.keys()].sort((a, b) => a - b);
  return {
    points: starts.map((x) => ({ x, y: byBucket.get(x)!.sum / byBucket.get(x)!.n })),
    buckets: starts.map((x) => ({ x, samples: byBucket.get(x)!.n })),
  };
};

/** The line as drawn: the runs of points between breaks. */
const runs = (points: readonly TimePoint[]): TimePoint[][] => {
  const out: TimePoint[][] = [[]];
  for (const p of points) {
    if (p.y === null) out.push([]);
    else out[out.length - 1]!.push(p);
  }
  return out.filter((r) => r.length > 0);
};

const draw = (
  stepMs: number,
  bucketMs: number,
  spanMs: number,
  missing: readonly (readonly [number, number])[] = [],
  jitterMs = 0,
) => {
  const { points, buckets } = bucketed({ stepMs, spanMs, bucketMs, missing, jitterMs });
  const interval = readingIntervalMs(buckets, bucketMs);
  return runs(
    breakAtGaps(points, {
      minimumGapSeconds: null,
      bucketSeconds: bucketMs / SEC,
      readingIntervalSeconds: interval === null ? null : interval / SEC,
    }),
  );
};

describe('readingIntervalMs (a series’ normal spacing of readings, from its buckets)', () => {
  it('is the bucket over its usual count where buckets hold several readings, else the usual spacing', () => {
    expect(readingIntervalMs(bucketed({ stepMs: MIN, spanMs: DAY, bucketMs: 20 * MIN }).buckets, 20 * MIN)).toBe(MIN);
    expect(readingIntervalMs(bucketed({ stepMs: HOUR, spanMs: 3 * DAY, bucketMs: 20 * MIN }).buckets, 20 * MIN)).toBe(HOUR);
    expect(readingIntervalMs(bucketed({ stepMs: HOUR, spanMs: 30 * DAY, bucketMs: DAY }).buckets, DAY)).toBe(HOUR);
  });

  it('is not moved by a long gap or clipped edge buckets, and is unknown from one bucket of one reading', () => {
    const { buckets } = bucketed({ stepMs: HOUR, spanMs: 7 * DAY, bucketMs: 30 * MIN, missing: [[DAY, 3 * DAY]] });
    expect(readingIntervalMs(buckets, 30 * MIN)).toBe(HOUR);
    expect(
      readingIntervalMs(
        [
          { x: 0, samples: 3 },
          { x: DAY, samples: 24 },
          { x: 2 * DAY, samples: 24 },
        ],
        DAY,
      ),
    ).toBe(HOUR);
    expect(readingIntervalMs([{ x: 0, samples: 1 }], MIN)).toBeNull();
    expect(readingIntervalMs([], MIN)).toBeNull();
  });
});

describe('breakAtGaps (a line breaks only where readings are really missing, at every bucket size)', () => {
  it.each(BUCKETS_MS)('keeps an hourly station one line at %d ms buckets', (bucketMs) => {
    const drawn = draw(HOUR, bucketMs, 3 * DAY);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.length).toBeGreaterThan(1);
  });

  it.each(BUCKETS_MS)('keeps an hourly station with readings a few minutes late one line at %d ms buckets', (bucketMs) => {
    expect(draw(HOUR, bucketMs, 3 * DAY, [], 7 * MIN)).toHaveLength(1);
  });

  it.each(BUCKETS_MS)('keeps a station reading every minute one line at %d ms buckets', (bucketMs) => {
    expect(draw(MIN, bucketMs, 3 * DAY)).toHaveLength(1);
  });

  // Control: the same series with a real gap (six hours, or two buckets where buckets are longer) break there, and only there.
  it.each(BUCKETS_MS)('breaks an hourly station where six hours (or two buckets) are missing, at %d ms buckets', (bucketMs) => {
    const gap = [DAY + 30 * MIN, DAY + 30 * MIN + Math.max(6 * HOUR, 2 * bucketMs)] as const;
    const drawn = draw(HOUR, bucketMs, 7 * DAY, [gap]);
    expect(drawn).toHaveLength(2);
    expect(drawn[0]!.at(-1)!.x).toBeLessThan(gap[0]);
    expect(drawn[1]![0]!.x).toBeGreaterThanOrEqual(Math.floor(gap[1] / bucketMs) * bucketMs);
  });

  it.each(BUCKETS_MS.filter((b) => b > MIN))('breaks a minute station at one empty bucket (%d ms)', (bucketMs) => {
    expect(draw(MIN, bucketMs, 3 * DAY, [[DAY, DAY + bucketMs]])).toHaveLength(2);
  });

  it('at one-minute buckets, a minute station breaks where two readings are missing (one late reading looks like one missing)', () => {
    expect(draw(MIN, MIN, DAY, [[HOUR, HOUR + 2 * MIN]])).toHaveLength(2);
    expect(draw(MIN, MIN, DAY, [[HOUR, HOUR + MIN]])).toHaveLength(1);
  });

  it('breaks an hourly station where one reading is missing, at buckets finer than an hour', () => {
    for (const bucketMs of [MIN, 10 * MIN, 20 * MIN, 30 * MIN]) {
      expect(draw(HOUR, bucketMs, 3 * DAY, [[DAY, DAY + 1]])).toHaveLength(2);
    }
  });

  it('before this rule (the bucket alone as the allowed gap), an hourly station at 20 and 30 minute buckets fell apart', () => {
    // The old rule, kept here as the control: every hour further apart than the bucket is a break.
    for (const bucketMs of [20 * MIN, 30 * MIN]) {
      const { points } = bucketed({ stepMs: HOUR, spanMs: DAY, bucketMs });
      const old = breakAtGaps(points, { minimumGapSeconds: null, bucketSeconds: bucketMs / SEC, readingIntervalSeconds: 0 });
      expect(allowedGapMs({ minimumGapSeconds: null, bucketSeconds: bucketMs / SEC, readingIntervalSeconds: 0 }, null)).toBe(
        bucketMs,
      );
      expect(runs(old).every((run) => run.length === 1)).toBe(true);
    }
  });

  it('never breaks closer than the sensor’s minimumGap', () => {
    const points = [
      { x: 0, y: 1 },
      { x: MIN, y: 2 },
      { x: 9 * MIN, y: 3 },
    ];
    const rule = { minimumGapSeconds: 600, bucketSeconds: 60, readingIntervalSeconds: 60 };
    expect(breakAtGaps(points, rule)).toEqual(points);
    // Control: without it, eight minutes of a minute station is a gap.
    expect(runs(breakAtGaps(points, { ...rule, minimumGapSeconds: null }))).toHaveLength(2);
  });

  it('puts the break just past the allowed gap, and reads the interval from the points when none is given', () => {
    const points = [0, 1, 2, 3, 10].map((i) => ({ x: i * MIN, y: i }));
    const sut = breakAtGaps(points, { minimumGapSeconds: null, bucketSeconds: 60, readingIntervalSeconds: null });
    // One minute apart: a minute and a quarter, plus the bucket.
    expect(sut[4]).toEqual({ x: 3 * MIN + 2.25 * MIN, y: null });
    expect(sut).toHaveLength(6);
  });

  it('keeps a value said to be missing as a break', () => {
    const points = [
      { x: 0, y: 1 },
      { x: MIN, y: null },
      { x: 2 * MIN, y: 3 },
    ];
    expect(breakAtGaps(points, { minimumGapSeconds: null, bucketSeconds: 60, readingIntervalSeconds: 60 })).toEqual(points);
  });
});
