import { AGGREGATE_LEVELS, bucketStartOf, bucketValue, planChartQuery } from './chart-query.js';

const day = 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe('planChartQuery', () => {
  it('reads the coarsest level at most span ÷ resolution, bucket a whole number of its buckets', () => {
    // A year at 1000 points: ideal 31 536 s, the 6 h level, buckets of two 6 h buckets.
    const year = planChartQuery(at('2025-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), 1000);
    expect(year.level?.name).toBe('6h');
    expect(year.bucketSeconds).toBe(43_200);
    expect(year.buckets).toBe(730);

    expect(planChartQuery(0, 14 * day, 1000)).toMatchObject({ level: { name: '10m' }, bucketSeconds: 1_800 });
    // A day at 1000 points: 86.4 s buckets, under the finest level: raw readings, 87 s buckets.
    expect(planChartQuery(0, day, 1000)).toMatchObject({ level: null, bucketSeconds: 87 });
    expect(planChartQuery(0, 7 * day, 1000)).toMatchObject({ level: { name: '10m' }, bucketSeconds: 1_200 });
    expect(planChartQuery(0, 10 * 365 * day, 1000)).toMatchObject({ level: { name: '1d' }, bucketSeconds: 4 * 86_400 });
  });

  it('reads raw readings when a bucket is under ten minutes', () => {
    const hour = planChartQuery(at('2025-01-01T10:00:00Z'), at('2025-01-01T11:00:00Z'), 1000);
    expect(hour.level).toBeNull();
    expect(hour.bucketSeconds).toBe(4);
    expect(planChartQuery(0, 1000, 1000).bucketSeconds).toBe(1);
  });

  it('never gives more than resolution buckets, on a grid of whole level buckets from the window start floored to the level', () => {
    for (const [start, end, resolution] of [
      [at('2025-03-01T07:13:11Z'), at('2025-03-09T01:00:00Z'), 1000],
      [at('2025-03-01T07:13:11.5Z'), at('2025-03-01T07:14:00Z'), 7],
      [0, 365 * day + 1, 200],
      [at('2025-11-14T09:41:00Z'), at('2025-11-28T09:41:00Z'), 1],
      [at('2025-11-14T09:41:00Z'), at('2025-11-28T09:41:00Z'), 2],
    ] as const) {
      const plan = planChartQuery(start, end, resolution);
      const unitMs = (plan.level?.seconds ?? 1) * 1000;
      expect(plan.buckets).toBeLessThanOrEqual(resolution);
      expect(plan).toMatchObject({ startMs: start, endMs: end });
      expect(plan.fromMs).toBeLessThanOrEqual(start);
      expect(start - plan.fromMs).toBeLessThan(unitMs);
      expect(plan.toMs).toBeGreaterThanOrEqual(end);
      expect(plan.toMs - plan.fromMs).toBe(plan.buckets * plan.bucketSeconds * 1000);
      expect(plan.fromMs % unitMs).toBe(0);
      expect(plan.bucketSeconds % (plan.level?.seconds ?? 1)).toBe(0);
    }
  });

  it('answers two weeks at resolution 1 (the map chart) in one bucket of whole days', () => {
    const plan = planChartQuery(at('2025-11-14T09:41:00Z'), at('2025-11-28T09:41:00Z'), 1);
    expect(plan).toMatchObject({
      level: { name: '1d' },
      buckets: 1,
      fromMs: at('2025-11-14T00:00:00Z'),
      bucketSeconds: 15 * 86_400,
    });
  });

  it('levels nest: every level is a whole multiple of the finer ones', () => {
    for (let i = 1; i < AGGREGATE_LEVELS.length; i++) {
      expect(AGGREGATE_LEVELS[i]!.seconds % AGGREGATE_LEVELS[i - 1]!.seconds).toBe(0);
    }
  });
});

describe('bucketStartOf / bucketValue', () => {
  it('puts a time in the bucket starting at a multiple of its size', () => {
    expect(bucketStartOf(at('2025-01-01T10:59:59.999Z'), 3600)).toBe(at('2025-01-01T10:00:00Z'));
    expect(bucketStartOf(at('2025-01-01T11:00:00Z'), 3600)).toBe(at('2025-01-01T11:00:00Z'));
    // On a grid starting elsewhere (a chart's window start floored to its level), before it too.
    expect(bucketStartOf(at('2025-01-01T11:00:00Z'), 3600, at('2025-01-01T00:10:00Z'))).toBe(at('2025-01-01T10:10:00Z'));
    expect(bucketStartOf(at('2025-01-01T00:00:00Z'), 3600, at('2025-01-01T00:10:00Z'))).toBe(at('2024-12-31T23:10:00Z'));
  });

  it('shows the maximum for max sensors, the mean otherwise', () => {
    const summary = { min: 1, max: 7, sum: 12, count: 4, last: 2 };
    expect(bucketValue(summary, 'max')).toBe(7);
    expect(bucketValue(summary, 'avg')).toBe(3);
  });
});
