import { moduleForHeader, sensorOfModule } from '@groundtruth/domain';
import { decodeDataFile, encodeDataFile, type DataRecord, type ModuleInfo, type SensorGroup } from '../protobuf/index.js';
import { readingsOf } from './readings-of.js';

const temp: ModuleInfo = {
  position: 1,
  address: 0,
  name: 'modules.water.temp',
  header: { manufacturer: 1, kind: 0x12, version: 1 },
  sensors: [{ number: 0, name: 'temp', unitOfMeasure: '°C', flags: 0 }],
  id: Uint8Array.from([0xab]),
  flags: 0,
};
const unknownKind: ModuleInfo = {
  ...temp,
  position: 2,
  name: 'modules.mystery',
  header: { manufacturer: 9, kind: 9, version: 1 },
  id: Uint8Array.from([0xcd]),
};
const tempId = sensorOfModule(moduleForHeader(1, 0x12, ['temp'])!, 0)!.id;
const metas = new Map([[1, [temp, unknownKind]]]);
const stationModules = [
  { moduleId: 100, hardwareId: 'ab', position: 1 },
  { moduleId: 101, hardwareId: 'cd', position: 2 },
];
const now = Date.UTC(2025, 0, 1);
const t = Date.UTC(2024, 5, 1) / 1000;

const rec = (reading: number, groups: SensorGroup[], meta = 1, time = t): DataRecord => ({
  modules: [],
  readings: { time, reading, flags: 0, meta, uptime: 0, sensorGroups: groups },
});
const group = (module: number, values: (number | null)[], time = 0): SensorGroup => ({
  module,
  time,
  readings: values.map((v, sensor) => (v === null ? { sensor, calibratedNull: true } : { sensor, calibratedValue: v })),
});

const run = (records: DataRecord[]) =>
  readingsOf(decodeDataFile(encodeDataFile(records)), metas, stationModules, {
    stationId: 7,
    ingestionId: 9,
    version: 2,
    nowMs: now,
  });

describe('readingsOf', () => {
  it('files each value under the station module (by hardware id) and the catalogue sensor, at the group time or the record time', () => {
    const out = run([rec(1, [group(1, [12.5])]), rec(2, [group(1, [13], t + 30)])]);
    expect(out.rows).toEqual([
      {
        station_id: 7,
        module_id: 100,
        sensor_id: tempId,
        time: new Date(t * 1000).toISOString(),
        value: 12.5,
        ingestion_id: 9,
        version: 2,
      },
      {
        station_id: 7,
        module_id: 100,
        sensor_id: tempId,
        time: new Date((t + 30) * 1000).toISOString(),
        value: 13,
        ingestion_id: 9,
        version: 2,
      },
    ]);
    expect(out).toMatchObject({ records: 2, errors: 0, start: t * 1000, end: (t + 30) * 1000 });
  });

  it('skips null values silently and counts each problem record once', () => {
    const out = run([
      rec(1, [group(1, [null])]),
      rec(2, [group(1, [Number.NaN])]),
      rec(3, [group(1, [1])], 1, now / 1000 + 60),
      rec(4, [group(1, [1])], 1, Date.UTC(2017, 11, 31) / 1000),
      rec(5, [group(1, [1])], 42),
      rec(6, [group(2, [1]), group(1, [Number.POSITIVE_INFINITY]), group(5, [1])]),
    ]);
    expect(out.rows).toEqual([]);
    expect(out.errors).toBe(5);
    expect(out.problems).toEqual([
      'Record 2: sensor 0 of module modules.water.temp is not a number.',
      expect.stringMatching(/^Record 3: readings at .* are in the future\.$/),
      expect.stringMatching(/^Record 4: readings at 2017-12-31T00:00:00.000Z are before 2018\.$/),
      'Record 5: its meta record 42 is unknown.',
      'Record 6: module modules.mystery is not in the sensor catalogue; sensor 0 of module modules.water.temp is not a number; no module at position 5 in meta record 1.',
    ]);
  });

  it('reports a module the station does not have', () => {
    const out = readingsOf(decodeDataFile(encodeDataFile([rec(1, [group(1, [1])])])), metas, [], {
      stationId: 7,
      ingestionId: 9,
      version: 1,
      nowMs: now,
    });
    expect(out.problems).toEqual(['Record 1: module modules.water.temp is not configured on the station.']);
  });
});
