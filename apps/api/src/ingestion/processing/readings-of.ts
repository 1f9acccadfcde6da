import {
  moduleForHeader,
  sensorOfModule,
  sensorOfModuleNamed,
  type ModuleDefinition,
  type SensorDefinition,
} from '@groundtruth/domain';
import type { DataRecord, DecodedFile, ModuleInfo, SignedRecord } from '@groundtruth/platform';

/** Readings before this are a station clock that was never set (spec: dropped). */
export const EARLIEST_READING_MS = Date.UTC(2018, 0, 1);

/** Keep at most this many problem texts while reading a file. */
const PROBLEMS_KEPT = 100;

/** The modules each meta record describes, by record number. */
export type MetaModules = ReadonlyMap<number, readonly ModuleInfo[]>;

/** A module of the station as configured: readings are filed under its id. */
export type StationModuleRef = { readonly moduleId: number; readonly hardwareId: string | null; readonly position: number };

export type ReadingRow = {
  readonly station_id: number;
  readonly module_id: number;
  readonly sensor_id: number;
  /** ISO 8601 with milliseconds. */
  readonly time: string;
  readonly value: number;
  readonly ingestion_id: number;
  readonly version: number;
};

export type FileSummary = {
  records: number;
  errors: number;
  problems: string[];
  start: number | null;
  end: number | null;
};

export type ReadingsOfFile = FileSummary & {
  readonly rows: ReadingRow[];
  battery: number | null;
  location: { longitude: number; latitude: number } | null;
};

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

const problem = (summary: FileSummary, text: string): void => {
  if (summary.problems.length < PROBLEMS_KEPT) summary.problems.push(text);
};

/** Adds the meta records of a decoded meta file to `into` (record number → modules); a later file wins. */
export const collectMetaModules = (
  file: DecodedFile<{ signed: SignedRecord; dataRecord: DataRecord }>,
  into: Map<number, readonly ModuleInfo[]>,
): void => {
  for (const entry of file.entries) {
    if (!('value' in entry)) continue;
    const { signed, dataRecord } = entry.value;
    if (dataRecord.modules.length === 0) continue;
    const number = signed.record || dataRecord.metadata?.record || 0;
    into.set(number, dataRecord.modules);
  }
};

/** Counts and problems of a meta file (its modules are applied by the caller). */
export const summariseMetaFile = (file: DecodedFile<{ signed: SignedRecord; dataRecord: DataRecord }>): FileSummary => {
  const summary: FileSummary = { records: file.entries.length, errors: 0, problems: [], start: null, end: null };
  for (const entry of file.entries) {
    if ('error' in entry) {
      summary.errors += 1;
      problem(summary, entry.error);
    }
  }
  if (file.streamError !== null) {
    summary.errors += 1;
    problem(summary, `The file ends badly: ${file.streamError}`);
  }
  return summary;
};

/** The newest meta record with modules in a meta file, or null. */
export const latestModules = (
  file: DecodedFile<{ signed: SignedRecord; dataRecord: DataRecord }>,
): readonly ModuleInfo[] | null => {
  const all = new Map<number, readonly ModuleInfo[]>();
  collectMetaModules(file, all);
  if (all.size === 0) return null;
  return all.get(Math.max(...all.keys())) ?? null;
};

type Resolved =
  | { readonly issue: string }
  | {
      readonly info: ModuleInfo;
      readonly stationModule: StationModuleRef;
      readonly definition: ModuleDefinition;
      readonly sensor: (index: number) => SensorDefinition | undefined;
    };

const resolveModule = (
  modules: readonly ModuleInfo[],
  position: number,
  meta: number,
  stationModules: readonly StationModuleRef[],
): Resolved => {
  const info = modules.find((m) => m.position === position) ?? modules[position];
  if (!info) return { issue: `no module at position ${position} in meta record ${meta}` };
  const hardwareId = hex(info.id);
  const stationModule =
    stationModules.find((m) => m.hardwareId !== null && m.hardwareId === hardwareId) ??
    stationModules.find((m) => m.hardwareId === null && m.position === info.position);
  const definition = info.header
    ? moduleForHeader(
        info.header.manufacturer,
        info.header.kind,
        info.sensors.map((s) => s.name),
      )
    : undefined;
  if (!stationModule || !definition) {
    return {
      issue: `module ${info.name || position} is ${stationModule ? 'not in the sensor catalogue' : 'not configured on the station'}`,
    };
  }
  const sensors = new Map<number, SensorDefinition | undefined>();
  const sensor = (index: number): SensorDefinition | undefined => {
    if (!sensors.has(index)) {
      const name = info.sensors.find((s) => s.number === index)?.name;
      sensors.set(
        index,
        (name !== undefined ? sensorOfModuleNamed(definition, name) : undefined) ?? sensorOfModule(definition, index),
      );
    }
    return sensors.get(index);
  };
  return { info, stationModule, definition, sensor };
};

type Context = {
  readonly stationId: number;
  readonly ingestionId: number;
  readonly version: number;
  readonly nowMs: number;
};

/**
 * The readings of a data file as ClickHouse rows. A record whose meta record is unknown, a module
 * the station does not have, readings in the future, before 2018 or not numbers: each is a problem
 * counted once per record, and the rest of the file is still read.
 */
export const readingsOf = (
  file: DecodedFile<DataRecord>,
  metas: MetaModules,
  stationModules: readonly StationModuleRef[],
  context: Context,
): ReadingsOfFile => {
  // What a (meta record, module position) means is worked out once per file, not once per reading.
  const cache = new Map<string, Resolved>();
  const resolve = (meta: number, modules: readonly ModuleInfo[], position: number): Resolved => {
    const key = `${meta}:${position}`;
    let hit = cache.get(key);
    if (hit === undefined) {
      hit = resolveModule(modules, position, meta, stationModules);
      cache.set(key, hit);
    }
    return hit;
  };
  const out: ReadingsOfFile = {
    records: file.entries.length,
    errors: 0,
    problems: [],
    start: null,
    end: null,
    rows: [],
    battery: null,
    location: null,
  };
  for (const entry of file.entries) {
    if ('error' in entry) {
      out.errors += 1;
      problem(out, entry.error);
      continue;
    }
    const record = entry.value;
    if (record.status && Number.isFinite(record.status.battery) && record.status.battery > 0) out.battery = record.status.battery;
    const readings = record.readings;
    if (!readings) continue;
    const loc = readings.location;
    if (
      loc &&
      loc.fix > 0 &&
      Number.isFinite(loc.latitude) &&
      Number.isFinite(loc.longitude) &&
      Math.abs(loc.latitude) <= 90 &&
      Math.abs(loc.longitude) <= 180
    ) {
      out.location = { longitude: loc.longitude, latitude: loc.latitude };
    }
    const modules = metas.get(readings.meta);
    if (!modules) {
      out.errors += 1;
      problem(out, `Record ${readings.reading}: its meta record ${readings.meta} is unknown.`);
      continue;
    }
    const issues: string[] = [];
    for (const group of readings.sensorGroups) {
      const resolved = resolve(readings.meta, modules, group.module);
      if ('issue' in resolved) {
        issues.push(resolved.issue);
        continue;
      }
      const { info, stationModule } = resolved;
      const seconds = group.time > 0 ? group.time : readings.time;
      const timeMs = seconds * 1000;
      if (!(timeMs >= EARLIEST_READING_MS) || timeMs > context.nowMs) {
        issues.push(
          `readings at ${Number.isFinite(timeMs) && Math.abs(timeMs) < 8.64e15 ? new Date(timeMs).toISOString() : seconds} are ${timeMs > context.nowMs ? 'in the future' : 'before 2018'}`,
        );
        continue;
      }
      for (const sv of group.readings) {
        if (sv.calibratedNull || sv.calibratedValue === undefined) continue;
        const value = sv.calibratedValue;
        if (!Number.isFinite(value)) {
          issues.push(`sensor ${sv.sensor} of module ${info.name || group.module} is not a number`);
          continue;
        }
        const sensor = resolved.sensor(sv.sensor);
        if (!sensor) {
          issues.push(`sensor ${sv.sensor} of module ${info.name || group.module} is not in the catalogue`);
          continue;
        }
        out.rows.push({
          station_id: context.stationId,
          module_id: stationModule.moduleId,
          sensor_id: sensor.id,
          time: new Date(timeMs).toISOString(),
          value,
          ingestion_id: context.ingestionId,
          version: context.version,
        });
        if (out.start === null || timeMs < out.start) out.start = timeMs;
        if (out.end === null || timeMs > out.end) out.end = timeMs;
      }
    }
    if (issues.length > 0) {
      out.errors += 1;
      problem(out, `Record ${readings.reading}: ${[...new Set(issues)].join('; ')}.`);
    }
  }
  if (file.streamError !== null) {
    out.errors += 1;
    problem(out, `The file ends badly: ${file.streamError}`);
  }
  return out;
};
