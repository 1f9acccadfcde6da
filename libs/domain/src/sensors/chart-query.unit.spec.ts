import {
  AGGREGATE_LEVELS,
  BUCKET_LADDER_SECONDS,
  bucketStartOf,
  bucketValue,
  gridBuckets,
  gridOrigin,
  levelFor,
  planChartQuery,
} from './chart-query.js';

const day = 86_400_000;
const at = (iso: string) => Date.parse(iso);

describe('planChartQuery', () => {
  it('snaps buckets to readable sizes and reads the coarsest level that makes them up', () => {
    // A year at 1000 points: ideal 8.8 h; twelve hours is not on the ladder (day and night means
    // alternate), so whole days from the one-day level.
    const year = planChartQuery(at('2025-01-01T00:00:00Z'), at('2026-01-01T00:00:00Z'), 1000);
    expect(year).toMatchObject({ level: { name: '1d' }, bucketSeconds: 86_400, buckets: 365 });

    expect(planChartQuery(0, 14 * day, 1000)).toMatchObject({ level: { name: '10m' }, bucketSeconds: 1_800 });
    // A day at 1000 points: ideal 86.4 s, under the finest level: raw readings in 2-minute buckets (was 87 s).
    expect(planChartQuery(0, day, 1000)).toMatchObject({ level: null, bucketSeconds: 120 });
    // A week: ideal 605 s; ten minutes makes 1008 buckets, 15 min is not on the ladder: 20 min.
    expect(planChartQuery(0, 7 * day, 1000)).toMatchObject({ level: { name: '10m' }, bucketSeconds: 1_200 });
    expect(planChartQuery(0, 30 * day, 1000)).toMatchObject({ level: { name: '1h' }, bucketSeconds: 3_600 });
    expect(planChartQuery(0, 200 * day, 1000)).toMatchObject({ level: { name: '6h' }, bucketSeconds: 21_600 });
    expect(planChartQuery(0, 10 * 365 * day, 1000)).toMatchObject({ level: { name: '1d' }, bucketSeconds: 7 * 86_400 });
    // Three hours are three of the hour level's buckets.
    expect(planChartQuery(0, 100 * day, 1000)).toMatchObject({ level: { name: '1h' }, bucketSeconds: 10_800 });
  });

  it('never plans a bucket off the ladder, for any window and resolution', () => {
    const ladder = new Set(BUCKET_LADDER_SECONDS);
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed / 2 ** 32;
    };
    for (let i = 0; i < 2_000; i++) {
      const start = Math.floor(at('2020-01-01T00:00:00Z') + next() * 6 * 365 * day);
      const end = start + 1 + Math.floor(next() ** 3 * 3 * 365 * day);
      const resolution = 1 + Math.floor(next() ** 2 * 10_000);
      const plan = planChartQuery(start, end, resolution);
      expect(ladder.has(plan.bucketSeconds)).toBe(true);
      expect(plan.buckets).toBeLessThanOrEqual(resolution);
      // The next smaller size would not have fitted: the smallest readable bucket is chosen.
      const smaller = BUCKET_LADDER_SECONDS.filter((s) => s < plan.bucketSeconds).at(-1);
      if (smaller !== undefined) expect(gridBuckets(start, end, smaller)).toBeGreaterThan(resolution);
    }
  });

  it('starts the grid on the bucket: hours on the hour, days at midnight UTC, weeks on the first day', () => {
    const start = at('2025-03-04T07:13:11.5Z');
    expect(gridOrigin(start, 120)).toBe(at('2025-03-04T07:12:00Z'));
    expect(gridOrigin(start, 10_800)).toBe(at('2025-03-04T06:00:00Z'));
    expect(gridOrigin(start, 86_400)).toBe(at('2025-03-04T00:00:00Z'));
    expect(gridOrigin(start, 7 * 86_400)).toBe(at('2025-03-04T00:00:00Z'));
    expect(gridBuckets(at('2025-03-04T07:13:00Z'), at('2025-03-04T08:13:00Z'), 60)).toBe(60);
    expect(gridBuckets(at('2025-03-04T07:13:30Z'), at('2025-03-04T08:13:30Z'), 60)).toBe(61);
  });

  it('reads a level only when its buckets make up the chart bucket', () => {
    expect(levelFor(300)).toBeNull();
    expect(levelFor(600)?.name).toBe('10m');
    expect(levelFor(1_200)?.name).toBe('10m');
    expect(levelFor(900)).toBeNull();
    expect(levelFor(10_800)?.name).toBe('1h');
    expect(levelFor(21_600)?.name).toBe('6h');
    expect(levelFor(7 * 86_400)?.name).toBe('1d');
    // Every ladder size of ten minutes or more is served by a level (no raw read of a long window).
    for (const size of BUCKET_LADDER_SECONDS.filter((s) => s >= 600)) expect(levelFor(size)).not.toBeNull();
  });

  it('reads raw readings when a bucket is under ten minutes', () => {
    const hour = planChartQuery(at('2025-01-01T10:00:00Z'), at('2025-01-01T11:00:00Z'), 1000);
    expect(hour.level).toBeNull();
    expect(hour.bucketSeconds).toBe(5);
    expect(planChartQuery(0, 1000, 1000).bucketSeconds).toBe(1);
  });

  it('never gives more than resolution buckets, on a grid of whole level buckets from the window start floored to the bucket', () => {
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
      expect(start - plan.fromMs).toBeLessThan(Math.min(plan.bucketSeconds, 86_400) * 1000);
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
      // Fifteen calendar days (09:41 to 09:41) do not fit 14: the next readable size, 30 days.
      bucketSeconds: 30 * 86_400,
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
