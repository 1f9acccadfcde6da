import { describe, expect, it } from '@jest/globals';
import type { SensorDataColumns } from '@groundtruth/contracts';
import { windowValues } from './map-values';

const answer = (
  series: { stationId: number; samples: number[]; avg: (number | null)[]; max: (number | null)[] }[],
): SensorDataColumns => ({
  format: 'columns',
  series: series.map((s) => ({
    stationId: s.stationId,
    moduleId: 1,
    sensorId: 7,
    avg: s.avg,
    min: s.avg,
    max: s.max,
    last: s.avg,
    samples: s.samples,
  })),
  bucketSize: 86_400,
  bucketSamples: 1,
  dataEnd: null,
  aggregate: '1d',
  start: 0,
  end: 86_400_000,
});

describe('the map chart’s value of each station over the window', () => {
  it('is the one bucket’s mean, or its maximum for a sensor that aggregates by maximum', () => {
    const one = answer([{ stationId: 3, samples: [10], avg: [13.9], max: [20] }]);
    expect(windowValues(one, 7, 'avg').get(3)).toBe(13.9);
    expect(windowValues(one, 7, 'max').get(3)).toBe(20);
    // Another sensor's answer is not this one's.
    expect(windowValues(one, 8, 'avg').size).toBe(0);
  });

  it('combines several buckets as the aggregation says: the mean weighted by readings, the maximum of maxima', () => {
    const two = answer([{ stationId: 3, samples: [1, 3, 0], avg: [10, 20, null], max: [15, 25, null] }]);
    // Control: the first bucket alone (10) is not the window's mean (17.5).
    expect(windowValues(two, 7, 'avg').get(3)).toBe(17.5);
    expect(windowValues(two, 7, 'max').get(3)).toBe(25);
  });

  it('is null for a station with no readings in the window', () => {
    expect(windowValues(answer([{ stationId: 4, samples: [0], avg: [null], max: [null] }]), 7, 'avg').get(4)).toBeNull();
  });
});
