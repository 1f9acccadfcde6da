import {
  MODULE_DEFINITIONS,
  newestModuleDefinition,
  simulateStation,
  type ModuleDefinition,
  type SimulationSite,
} from '@groundtruth/domain';
import { encodeDataFile, encodeMetaFile, type DataRecord, type ModuleInfo } from '@groundtruth/platform';

/** The module sets a simulated station can carry (`--kind`). */
export const STATION_KINDS = ['water', 'weather', 'distance', 'flood', 'testing'] as const;
export type StationKind = (typeof STATION_KINDS)[number];

const withSensor = (key: string, sensorKey: string): ModuleDefinition => {
  const found = MODULE_DEFINITIONS.filter((m) => m.key === key && m.sensors.some((s) => s.key === sensorKey)).at(-1);
  if (found === undefined) throw new Error(`The catalogue has no ${key} module with ${sensorKey}`);
  return found;
};
const newest = (key: string): ModuleDefinition => {
  const found = newestModuleDefinition(key);
  if (found === undefined) throw new Error(`The catalogue has no ${key} module`);
  return found;
};

/** The catalogue modules of each kind of station, in slot order; every station has diagnostics. */
export function modulesOfKind(kind: StationKind): ModuleDefinition[] {
  const diagnostics = withSensor('fk.diagnostics', 'batteryCharge');
  switch (kind) {
    case 'water':
      return [diagnostics, ...['fk.water.temp', 'fk.water.ph', 'fk.water.ec', 'fk.water.do', 'fk.water.orp'].map(newest)];
    case 'weather':
      return [diagnostics, withSensor('fk.weather', 'windSpeed')];
    case 'distance':
      return [diagnostics, newest('fk.distance')];
    case 'flood':
      return [newest('wh.floodnet')];
    case 'testing':
      return [diagnostics, newest('fk.random'), newest('fk.testing')];
  }
}

export type SimulatedStation = {
  /** The device id's bytes (the station's hardware id). */
  readonly deviceId: Uint8Array;
  readonly generation: Uint8Array;
  readonly modules: readonly ModuleDefinition[];
  /** Seed of the readings; the device id's hex by default. */
  readonly seed: string;
  readonly site: SimulationSite;
};

/** The meta record number every simulated data record refers to. */
export const SIMULATED_META_RECORD = 1;

/** A hardware id for each module: the device id with the slot in the last byte. */
const moduleHardwareId = (deviceId: Uint8Array, position: number) => {
  const id = new Uint8Array(deviceId);
  id[id.length - 1] = (id[id.length - 1]! + position + 1) & 0xff;
  return id;
};

/** How the station describes its modules: header (manufacturer and most specific kind) and sensor names. */
export function moduleInfos(station: SimulatedStation): ModuleInfo[] {
  return station.modules.map((module, position) => ({
    position,
    address: 0,
    name: module.key,
    header: { manufacturer: module.manufacturer, kind: module.kinds.at(-1) ?? 0, version: module.version[0] ?? 1 },
    // Numbered by place in the list (the catalogue's `ordering` repeats in wh.floodnet); the reader goes by name.
    sensors: module.sensors.map((sensor, number) => ({
      number,
      name: sensor.firmwareKey,
      unitOfMeasure: sensor.unitOfMeasure,
      flags: 0,
    })),
    id: moduleHardwareId(station.deviceId, position),
    flags: module.internal ? 1 : 0,
  }));
}

/** The `meta` file: one MODULES record describing the station's modules. */
export function metaFile(station: SimulatedStation, timeMs: number): Uint8Array {
  const seconds = Math.floor(timeMs / 1000);
  return encodeMetaFile([
    {
      record: SIMULATED_META_RECORD,
      time: seconds,
      dataRecord: {
        metadata: {
          deviceId: station.deviceId,
          time: seconds,
          firmware: { version: 'simulator', build: '1', number: '1' },
          generation: station.generation,
          record: SIMULATED_META_RECORD,
        },
        modules: moduleInfos(station),
      },
    },
  ]);
}

export type DataUpload = {
  readonly body: Uint8Array;
  /** First and last record numbers (`Fk-Blocks`). */
  readonly blocks: readonly [number, number];
  readonly records: number;
  readonly readings: number;
};

/**
 * The `data` file of the readings at start, start + step, … before end: one record per time, one
 * sensor group per module. Record numbers are the time divided by the step, so uploading the same
 * times again gives the same records.
 */
export function dataFile(station: SimulatedStation, start: number, end: number, step: number): DataUpload {
  const simulated = simulateStation(station.modules, { start, end, step }, { seed: station.seed, site: station.site });
  const times = simulated[0]?.times ?? new Float64Array(0);
  const battery = simulated.flatMap((m) => m.sensors).find((s) => s.sensor.fullKey === 'fk.diagnostics.batteryCharge');
  const uptime = simulated.flatMap((m) => m.sensors).find((s) => s.sensor.fullKey === 'fk.diagnostics.uptime');
  const records: DataRecord[] = [];
  let readings = 0;
  for (let i = 0; i < times.length; i++) {
    const time = times[i]!;
    const seconds = Math.floor(time / 1000);
    records.push({
      readings: {
        time: seconds,
        reading: Math.floor(time / step),
        flags: 0,
        location: { fix: 1, time: seconds, longitude: station.site.longitude, latitude: station.site.latitude, altitude: 0 },
        sensorGroups: simulated.map((module, position) => ({
          module: position,
          time: seconds,
          readings: module.sensors.map(({ values }, number) => ({
            sensor: number,
            calibratedValue: values[i]!,
            uncalibratedValue: values[i]!,
          })),
        })),
        meta: SIMULATED_META_RECORD,
        uptime: Math.floor((uptime?.values[i] ?? 0) / 1000),
      },
      status: { time: seconds, uptime: Math.floor((uptime?.values[i] ?? 0) / 1000), battery: battery?.values[i] ?? 100 },
      modules: [],
    });
    readings += simulated.reduce((n, m) => n + m.sensors.length, 0);
  }
  const first = times.length > 0 ? Math.floor(times[0]! / step) : 0;
  const last = times.length > 0 ? Math.floor(times[times.length - 1]! / step) : 0;
  return { body: encodeDataFile(records), blocks: [first, last], records: records.length, readings };
}
