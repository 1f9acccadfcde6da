import { describe, expect, it } from '@jest/globals';
import { planChartQuery } from '@groundtruth/domain';
import { barStepSeconds, binDecimals, describeAggregation, groupedHistogram, histogram, rawResolution, toBars } from './buckets';

describe('bars (spec §9: 5 minutes, or bucket ÷ 60 minutes above 300 s)', () => {
  it('steps 5 minutes for buckets up to 300 s and one bucket above', () => {
    expect(barStepSeconds(60)).toBe(300);
    expect(barStepSeconds(300)).toBe(300);
    expect(barStepSeconds(3600)).toBe(3600);
  });

  it('regroups points into bars by the sensor aggregation', () => {
    const points = [
      { x: 0, y: 1 },
      { x: 60_000, y: 3 },
      { x: 120_000, y: null },
      { x: 300_000, y: 10 },
    ];
    expect(toBars(points, 300, 'avg')).toEqual([
      { start: 0, value: 2 },
      { start: 300_000, value: 10 },
    ]);
    expect(toBars(points, 300, 'max')[0]).toEqual({ start: 0, value: 3 });
  });
});

describe('histogram (spec §9: at most 20 bins)', () => {
  it('never makes more than 20 bins and counts every value once', () => {
    const values = Array.from({ length: 10_000 }, (_, i) => Math.sin(i) * 50);
    const sut = histogram(values);
    expect(sut).toHaveLength(20);
    expect(sut.reduce((n, b) => n + b.count, 0)).toBe(values.length);
    expect(sut[0]!.from).toBeCloseTo(Math.min(...values));
    expect(sut[19]!.to).toBeCloseTo(Math.max(...values));
  });

  it('makes about √n bins for few values and one for equal values', () => {
    expect(histogram([1, 2, 3, 4, 5, 6, 7, 8, 9])).toHaveLength(3);
    expect(histogram([4, 4, 4])).toEqual([{ from: 4, to: 4, count: 3 }]);
    expect(histogram([])).toEqual([]);
  });
});

describe('histogram of several series and its labels', () => {
  it('bins every series over one set of bins and counts each apart', () => {
    const sut = groupedHistogram([
      [0, 1, 2, 3],
      [3, 3, 4],
    ]);
    expect(sut.map((b) => [b.from, b.to])).toEqual([
      [0, 4 / 3],
      [4 / 3, 8 / 3],
      [8 / 3, 4],
    ]);
    expect(sut.map((b) => b.counts)).toEqual([
      [2, 0],
      [1, 0],
      [1, 3],
    ]);
    expect(sut.flatMap((b) => b.counts).reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('writes 20 narrow bins of pH with distinct bounds (control: one decimal makes them collide)', () => {
    const values = Array.from({ length: 400 }, (_, i) => 7.1 + (0.5 * i) / 399);
    const bins = histogram(values);
    expect(bins).toHaveLength(20);
    const sut = binDecimals(bins);
    const labels = bins.map((b) => `${b.from.toFixed(sut)}–${b.to.toFixed(sut)}`);
    expect(new Set(labels).size).toBe(20);
    expect(new Set(bins.map((b) => `${b.from.toFixed(1)}–${b.to.toFixed(1)}`)).size).toBeLessThan(20);
  });

  it('keeps one decimal for wide bins', () => {
    expect(binDecimals(histogram(Array.from({ length: 100 }, (_, i) => 200 + i)))).toBe(1);
    expect(binDecimals([])).toBe(1);
  });
});

describe('ticks and raw readings', () => {
  it('asks for minute buckets when the window is short enough, else none', () => {
    expect(rawResolution([0, 24 * 3_600_000])).toBe(1440);
    expect(rawResolution([0, 7 * 24 * 3_600_000])).toBeNull();
    expect(rawResolution([0, 6 * 24 * 3_600_000])).toBe(8640);
    // A window off the minute reaches into one more minute of the grid.
    expect(rawResolution([30_000, 24 * 3_600_000 + 30_000])).toBe(1441);
  });

  it('asks a resolution for which the server plans one-minute buckets (server and web share the grid)', () => {
    for (const [start, end] of [
      [Date.UTC(2025, 5, 1, 9, 41, 17, 250), Date.UTC(2025, 5, 2, 9, 41, 17, 250)],
      [Date.UTC(2025, 5, 1), Date.UTC(2025, 5, 1, 0, 10)],
      [Date.UTC(2025, 5, 1, 0, 0, 59), Date.UTC(2025, 5, 6, 23, 0, 1)],
    ] as const) {
      const resolution = rawResolution([start, end])!;
      expect(planChartQuery(start, end, resolution).bucketSeconds).toBeLessThanOrEqual(60);
      // One bucket fewer and the minute would not fit: the ask is as small as it can be.
      expect(planChartQuery(start, end, resolution - 1).bucketSeconds).toBeGreaterThan(60);
    }
  });

  it('calls an answer raw only when it read raw readings and no bucket holds two', () => {
    const raw = { aggregate: 'raw', bucketSize: 60, series: [{ samples: [1, 0] }, { samples: [1] }] };
    expect(describeAggregation(raw, ['avg'])).toEqual({ kind: 'raw' });
    expect(describeAggregation({ ...raw, series: [{ samples: [1] }, { samples: [0, 2] }] }, ['max'])).toEqual({
      kind: 'aggregated',
      bucketSeconds: 60,
      fn: 'max',
    });
    expect(describeAggregation({ ...raw, aggregate: '1h', bucketSize: 3600 }, ['avg', 'avg'])).toEqual({
      kind: 'aggregated',
      bucketSeconds: 3600,
      fn: 'mean',
    });
    // A depth (its maximum) beside a temperature (its mean): the badge must not name one for both.
    expect(describeAggregation({ ...raw, aggregate: '1h', bucketSize: 3600 }, ['max', 'avg'])).toEqual({
      kind: 'aggregated',
      bucketSeconds: 3600,
      fn: 'mixed',
    });
  });
});
