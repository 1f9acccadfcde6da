import { fillBuckets } from './sensor-data.queries.js';
import { MODULES_META, moduleNameOf, SENSORS_META } from './sensor-meta.js';

const row = (time: number, sensorId: number, value: number) => ({
  time,
  stationId: 1,
  moduleId: 2,
  sensorId,
  value,
  avg: value,
  min: value,
  max: value,
  last: value,
  samples: 1,
});

describe('fillBuckets', () => {
  it('gives every bucket of the window for each series with data, empty ones as nulls', () => {
    const filled = fillBuckets([row(1000, 7, 3), row(3000, 8, 4)], 0, 4000, 1000);

    expect(filled.map((r) => [r.sensorId, r.time, r.value, r.samples])).toEqual([
      [7, 0, null, 0],
      [7, 1000, 3, 1],
      [7, 2000, null, 0],
      [7, 3000, null, 0],
      [8, 0, null, 0],
      [8, 1000, null, 0],
      [8, 2000, null, 0],
      [8, 3000, 4, 1],
    ]);
  });

  it('gives nothing without data', () => {
    expect(fillBuckets([], 0, 10_000, 1000)).toEqual([]);
  });
});

describe('sensor meta answers', () => {
  it('name modules the firmware way', () => {
    expect(moduleNameOf('fk.water.ph')).toBe('modules.water.ph');
    expect(moduleNameOf('wh.floodnet')).toBe('wh.floodnet');
  });

  it('list the 80 sensors and 19 modules, every sensor of a module in /meta/sensors', () => {
    expect(SENSORS_META.sensors).toHaveLength(80);
    expect(MODULES_META.modules).toHaveLength(19);
    const ids = new Set(SENSORS_META.sensors.map((s) => s.id));
    expect(MODULES_META.modules.flatMap((m) => m.sensors).every((s) => ids.has(s.id))).toBe(true);
  });
});
