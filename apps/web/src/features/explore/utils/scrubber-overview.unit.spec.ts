import { describe, expect, it } from '@jest/globals';
import type { SensorDataColumns } from '@groundtruth/contracts';
import { overviewPaths, overviewSeries } from './scrubber-overview';
import type { SeriesRef } from './workspace';

const answer = (samples: number[], avg: (number | null)[]): SensorDataColumns => ({
  format: 'columns',
  series: [
    {
      stationId: 1,
      moduleId: 2,
      sensorId: 3,
      avg,
      min: avg.map((v) => (v === null ? null : v - 1)),
      max: avg.map((v) => (v === null ? null : v + 1)),
      last: avg,
      samples,
    },
  ],
  bucketSize: 10,
  bucketSamples: samples.length,
  dataEnd: null,
  aggregate: 'raw',
  start: 0,
  end: samples.length * 10_000,
});

describe('the scrubber overview', () => {
  it('draws each series over the strip at its buckets’ middles, scaled to its own range', () => {
    const [paths] = overviewPaths(answer([2, 2, 2], [10, 20, 30]), [0, 30_000], 300, 50);
    // Middles at 5, 15 and 25 s of 30: x 50, 150, 250; values 10…30 over 9…31 between 3 and 47 px.
    expect(paths!.line).toBe('M50 45L150 25L250 5');
    expect(paths!.band.startsWith('M50 ')).toBe(true);
    expect(paths!.band.endsWith('Z')).toBe(true);
  });

  it('breaks where buckets are missing, so gaps in the data show', () => {
    const [paths] = overviewPaths(answer([1, 0, 0, 1, 1], [1, null, null, 2, 3]), [0, 50_000], 500, 50);
    expect(paths!.line.match(/M/g)).toHaveLength(2);
    expect(paths!.band.match(/Z/g)).toHaveLength(2);
    // Control: no answer, nothing drawn.
    expect(overviewPaths(undefined, [0, 1], 100, 50)).toEqual([]);
  });

  it('breaks by the series’ own reading interval: an hourly series in finer buckets stays one run', () => {
    // Ten-second buckets, a reading in every sixth: one run; then one reading missing: two.
    const hourly = Array.from({ length: 31 }, (_, k) => (k % 6 === 0 ? 1 : 0));
    const avg = hourly.map((n, k) => (n ? k : null));
    const [whole] = overviewPaths(answer(hourly, avg), [0, 310_000], 310, 50);
    expect(whole!.line.match(/M/g)).toHaveLength(1);
    const missing = hourly.map((n, k) => (k === 12 ? 0 : n));
    const [broken] = overviewPaths(
      answer(
        missing,
        missing.map((n, k) => (n ? k : null)),
      ),
      [0, 310_000],
      310,
      50,
    );
    expect(broken!.line.match(/M/g)).toHaveLength(2);
  });

  it('draws only the series named, when asked for several charts at once', () => {
    const two: SensorDataColumns = { ...answer([1, 1], [1, 2]) };
    const other = { ...two.series[0]!, stationId: 9 };
    const both = { ...two, series: [two.series[0]!, other] };
    expect(overviewPaths(both, [0, 20_000], 100, 50).map((p) => p.id)).toEqual(['1-2-3', '9-2-3']);
    expect(overviewPaths(both, [0, 20_000], 100, 50, [{ stationId: 9, moduleId: 2, sensorId: 3 }]).map((p) => p.id)).toEqual([
      '9-2-3',
    ]);
  });
});

describe('the series of a group’s overview', () => {
  const ref = (stationId: number, sensorId: number): SeriesRef => ({ stationId, moduleId: 1, sensorId });

  it('is every chart’s series once, in order, leaving out map charts', () => {
    const sut = overviewSeries([
      { chartType: 'timeSeries', series: [ref(1, 10), ref(2, 10)] },
      { chartType: 'map', series: [ref(3, 10)] },
      { chartType: 'range', series: [ref(2, 10), ref(1, 11)] },
    ]);
    expect(sut).toEqual([ref(1, 10), ref(2, 10), ref(1, 11)]);
    // Control: a group of one chart is that chart's series.
    expect(overviewSeries([{ chartType: 'timeSeries', series: [ref(1, 10)] }])).toEqual([ref(1, 10)]);
  });
});
