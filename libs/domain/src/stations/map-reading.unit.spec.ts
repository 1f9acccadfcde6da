import { SENSOR_DEFINITIONS, sensorByFullKey } from '../sensors/catalogue.js';
import type { LatestReading } from '../sensors/station-sensors.js';
import { inMapBox, primaryLatest } from './map-reading.js';

const temperature = sensorByFullKey('fk.water.temp.temp')!;
const random = sensorByFullKey('fk.random.random0')!;
const flood = SENSOR_DEFINITIONS.find((s) => s.viz.some((v) => (v.thresholds?.levels.length ?? 0) > 0))!;
const reading = (moduleId: number, sensorId: number, value: number): LatestReading => ({
  moduleId,
  sensorId,
  value,
  timeMs: 1_000,
});

describe('primaryLatest (the one "latest" a map shows)', () => {
  it('is null when the station has no reading', () => {
    expect(primaryLatest([], new Map())).toBeNull();
  });

  it('prefers a sensor with threshold levels, wherever its module sits', () => {
    const sut = primaryLatest(
      [reading(1, temperature.id, 15.9), reading(2, flood.id, 3)],
      new Map([
        [1, 0],
        [2, 5],
      ]),
    );
    expect(sut).toEqual(reading(2, flood.id, 3));
  });

  it('puts sensors of internal modules (random tests, diagnostics) after the others', () => {
    const sut = primaryLatest(
      [reading(7, random.id, 0.4), reading(8, temperature.id, 15.9)],
      new Map([
        [7, 0],
        [8, 1],
      ]),
    );
    expect(sut?.sensorId).toBe(temperature.id);
  });

  it('takes the module at the lower position between two alike (the control: positions swapped, the answer moves)', () => {
    const rows = [reading(1, temperature.id, 15.9), reading(2, temperature.id, 16.5)];
    expect(
      primaryLatest(
        rows,
        new Map([
          [1, 0],
          [2, 1],
        ]),
      )?.value,
    ).toBe(15.9);
    expect(
      primaryLatest(
        rows,
        new Map([
          [1, 1],
          [2, 0],
        ]),
      )?.value,
    ).toBe(16.5);
  });
});

describe('inMapBox', () => {
  it('holds points inside, edges included, and not those outside', () => {
    const box = { west: -75, south: 40, east: -73, north: 42 };
    expect(inMapBox(box, -74, 41)).toBe(true);
    expect(inMapBox(box, -75, 40)).toBe(true);
    expect(inMapBox(box, -72.9, 41)).toBe(false);
    expect(inMapBox(box, -74, 39.9)).toBe(false);
  });

  it('wraps across the antimeridian when west is east of east', () => {
    const box = { west: 170, south: -50, east: -170, north: -30 };
    expect(inMapBox(box, 175, -40)).toBe(true);
    expect(inMapBox(box, -175, -40)).toBe(true);
    expect(inMapBox(box, 0, -40)).toBe(false);
  });
});
