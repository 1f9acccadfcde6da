import { describe, expect, it } from '@jest/globals';
import { seriesAtStation, stationChoices } from './series-choice';
import type { StationSensor } from './station-sensors';

const sensor = (stationId: number, moduleId: number, sensorId: number): StationSensor => ({
  stationId,
  moduleId,
  sensorId,
  name: `s${sensorId}`,
  moduleName: `m${moduleId}`,
  unit: '',
});

describe('seriesAtStation', () => {
  it('keeps the sensor when the other station has it, in whichever module', () => {
    expect(seriesAtStation({ stationId: 1, moduleId: 10, sensorId: 7 }, [sensor(2, 20, 3), sensor(2, 21, 7)])).toEqual({
      stationId: 2,
      moduleId: 21,
      sensorId: 7,
    });
  });
  it("takes the station's first sensor when it lacks this one, and nothing when it has none", () => {
    expect(seriesAtStation({ stationId: 1, moduleId: 10, sensorId: 7 }, [sensor(2, 20, 3), sensor(2, 20, 4)])).toEqual({
      stationId: 2,
      moduleId: 20,
      sensorId: 3,
    });
    expect(seriesAtStation({ stationId: 1, moduleId: 10, sensorId: 7 }, [])).toBeNull();
  });
});

describe('stationChoices', () => {
  it("lists the workspace's stations first, then the others by name, each once", () => {
    const own = [{ id: 5, name: 'Zeta', place: null }];
    const visible = [
      { id: 9, name: 'beta', place: 'Kingston' },
      { id: 5, name: 'Zeta', place: null },
      { id: 2, name: 'Alpha', place: null },
    ];
    expect(stationChoices(own, visible).map((s) => s.id)).toEqual([5, 2, 9]);
  });
});
