import { sensorByFullKey } from '@groundtruth/domain';
import { describeModules, type ConfiguredModule } from './device-modules.js';

const ph = sensorByFullKey('fk.water.ph.ph')!;
const temp = sensorByFullKey('fk.water.temp.temp')!;
const battery = sensorByFullKey('fk.diagnostics.batteryCharge')!;

const module = (moduleId: number, position: number, name: string, sensors: [string, number][]): ConfiguredModule => ({
  moduleId,
  hardwareId: `hw${moduleId}`,
  name,
  label: null,
  position,
  internal: false,
  sensors: sensors.map(([sensorName, order]) => ({ name: sensorName, unitOfMeasure: 'u', order })),
});

describe('describeModules', () => {
  it('lists configured modules by position with their catalogue sensors, then modules the station no longer has', () => {
    const sut = describeModules(
      [module(20, 1, 'fk.water.ph', [['ph', 0]]), module(10, 0, 'fk.water.temp', [['temp', 0]])],
      [
        { moduleId: 20, sensorId: ph.id, about: 'ph readings' },
        { moduleId: 5, sensorId: battery.id, about: 'old diagnostics' },
      ],
    );
    expect(sut.map((m) => [m.id, m.position, m.configured])).toEqual([
      [10, 0, true],
      [20, 1, true],
      [5, null, false],
    ]);
    // No readings of the temperature module yet: the catalogue cannot tell which sensor it is.
    expect(sut[0]!.sensors).toEqual([{ sensorId: null, key: null, name: 'temp', unitOfMeasure: 'u', about: null }]);
    expect(sut[1]!.sensors).toEqual([
      { sensorId: ph.id, key: 'fk.water.ph.ph', name: 'ph', unitOfMeasure: 'u', about: 'ph readings' },
    ]);
    expect(sut[2]).toMatchObject({
      name: 'fk.diagnostics',
      hardwareId: null,
      sensors: [{ sensorId: battery.id, key: battery.fullKey, name: battery.key, about: 'old diagnostics' }],
    });
  });

  it('adds readings a configured module holds under none of its configured sensors', () => {
    const sut = describeModules([module(10, 0, 'fk.water.temp', [])], [{ moduleId: 10, sensorId: temp.id, about: 1 }]);
    expect(sut[0]!.sensors).toEqual([
      { sensorId: temp.id, key: temp.fullKey, name: temp.key, unitOfMeasure: temp.unitOfMeasure, about: 1 },
    ]);
  });
});
