import { describe, expect, it } from '@jest/globals';
import type { SensorDataColumns } from '@groundtruth/contracts';
import { overviewPaths } from './scrubber-overview';

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
});
