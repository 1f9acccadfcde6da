import { sensorByFullKey } from './catalogue.js';
import { matchLatestReadings } from './station-sensors.js';

const ph = sensorByFullKey('fk.water.ph.ph')!;
const ec = sensorByFullKey('fk.water.ec.ec')!;
const tds = sensorByFullKey('fk.water.ec.tds')!;

describe('matchLatestReadings', () => {
  it("gives each configured sensor its catalogue id and its module's latest reading of it", () => {
    const sut = matchLatestReadings(
      [
        { moduleId: 10, sensors: [{ name: ph.firmwareKey, order: 0 }] },
        {
          moduleId: 11,
          sensors: [
            { name: ec.firmwareKey, order: 0 },
            { name: tds.firmwareKey, order: 1 },
          ],
        },
      ],
      [
        { moduleId: 10, sensorId: ph.id, value: 7.2, timeMs: 1000 },
        { moduleId: 11, sensorId: ec.id, value: 512, timeMs: 2000 },
      ],
    );
    expect(sut.get('10/0')).toEqual({ sensorId: ph.id, reading: { moduleId: 10, sensorId: ph.id, value: 7.2, timeMs: 1000 } });
    expect(sut.get('11/0')?.reading?.value).toBe(512);
    // Known to the catalogue through its module's readings, but never read itself.
    expect(sut.get('11/1')).toEqual({ sensorId: tds.id, reading: null });
  });

  it('falls back to the index when the firmware name is unknown, as processing does', () => {
    const sut = matchLatestReadings(
      [{ moduleId: 10, sensors: [{ name: 'renamed-in-firmware', order: ph.ordering }] }],
      [{ moduleId: 10, sensorId: ph.id, value: 6.9, timeMs: 1 }],
    );
    expect(sut.get(`10/${ph.ordering}`)?.reading?.value).toBe(6.9);
  });

  it('leaves out modules without readings and readings of modules the station no longer has', () => {
    const sut = matchLatestReadings(
      [{ moduleId: 10, sensors: [{ name: 'ph', order: 0 }] }],
      [{ moduleId: 99, sensorId: ph.id, value: 1, timeMs: 1 }],
    );
    expect(sut.size).toBe(0);
  });
});
