import {
  moduleForHeader,
  sensorOfModule,
  sensorOfModuleNamed,
  type ModuleDefinition,
  type SensorDefinition,
} from '@groundtruth/domain';
import {
  DataRecordView,
  scanDataFile,
  viewOfDataRecord,
  type DataRecord,
  type DecodedFile,
  type ModuleInfo,
  type SignedRecord,
} from '../protobuf/index.js';
import { ReadingBatch } from './reading-batch.js';

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
  /** The readings, as ClickHouse takes them (the protobuf reader fills it; other readers give rows). */
  readonly batch?: ReadingBatch;
  /** The readings as objects: the other readers' output; for protobuf, built from the batch on first use. */
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
 * Turns data records into readings: a record whose meta record is unknown, a module the station
 * does not have, readings in the future, before 2018 or not numbers: each is a problem counted
 * once per record, and the rest is still read.
 */
class ReadingsCollector {
  // What a (meta record, module position) means is worked out once per file, not once per reading.
  private readonly cache = new Map<number, Map<number, Resolved>>();
  readonly batch: ReadingBatch;
  readonly summary: FileSummary & { battery: number | null; location: { longitude: number; latitude: number } | null } = {
    records: 0,
    errors: 0,
    problems: [],
    start: null,
    end: null,
    battery: null,
    location: null,
  };

  constructor(
    private readonly metas: MetaModules,
    private readonly stationModules: readonly StationModuleRef[],
    private readonly nowMs: number,
    expectedReadings = 4096,
  ) {
    this.batch = new ReadingBatch(expectedReadings);
  }

  private resolve(meta: number, modules: readonly ModuleInfo[], position: number): Resolved {
    let byPosition = this.cache.get(meta);
    if (byPosition === undefined) this.cache.set(meta, (byPosition = new Map()));
    let hit = byPosition.get(position);
    if (hit === undefined) {
      hit = resolveModule(modules, position, meta, this.stationModules);
      byPosition.set(position, hit);
    }
    return hit;
  }

  error(message: string): void {
    this.summary.records += 1;
    this.summary.errors += 1;
    problem(this.summary, message);
  }

  record(view: DataRecordView): void {
    const out = this.summary;
    out.records += 1;
    if (view.hasStatus && Number.isFinite(view.battery) && view.battery > 0) out.battery = view.battery;
    if (!view.hasReadings) return;
    if (
      view.hasLocation &&
      view.fix > 0 &&
      Number.isFinite(view.latitude) &&
      Number.isFinite(view.longitude) &&
      Math.abs(view.latitude) <= 90 &&
      Math.abs(view.longitude) <= 180
    ) {
      out.location = { longitude: view.longitude, latitude: view.latitude };
    }
    const modules = this.metas.get(view.meta);
    if (!modules) {
      out.errors += 1;
      problem(out, `Record ${view.reading}: its meta record ${view.meta} is unknown.`);
      return;
    }
    let issues: string[] | null = null;
    const issue = (text: string) => (issues ??= []).push(text);
    for (let g = 0; g < view.groupCount; g++) {
      const position = view.groupModule[g]!;
      const resolved = this.resolve(view.meta, modules, position);
      if ('issue' in resolved) {
        issue(resolved.issue);
        continue;
      }
      const { info, stationModule } = resolved;
      const groupTime = view.groupTime[g]!;
      const seconds = groupTime > 0 ? groupTime : view.time;
      const timeMs = seconds * 1000;
      if (!(timeMs >= EARLIEST_READING_MS) || timeMs > this.nowMs) {
        issue(
          `readings at ${Number.isFinite(timeMs) && Math.abs(timeMs) < 8.64e15 ? new Date(timeMs).toISOString() : seconds} are ${timeMs > this.nowMs ? 'in the future' : 'before 2018'}`,
        );
        continue;
      }
      const end = view.groupStart[g + 1]!;
      for (let i = view.groupStart[g]!; i < end; i++) {
        if (view.usable[i] === 0) continue;
        const value = view.value[i]!;
        const sensorIndex = view.sensor[i]!;
        if (!Number.isFinite(value)) {
          issue(`sensor ${sensorIndex} of module ${info.name || position} is not a number`);
          continue;
        }
        const sensor = resolved.sensor(sensorIndex);
        if (!sensor) {
          issue(`sensor ${sensorIndex} of module ${info.name || position} is not in the catalogue`);
          continue;
        }
        this.batch.push(stationModule.moduleId, sensor.id, timeMs, value);
      }
    }
    if (issues !== null) {
      out.errors += 1;
      problem(out, `Record ${view.reading}: ${[...new Set<string>(issues)].join('; ')}.`);
    }
  }

  finish(streamError: string | null, context: Context): ReadingsOfFile {
    const out = this.summary;
    if (streamError !== null) {
      out.errors += 1;
      problem(out, `The file ends badly: ${streamError}`);
    }
    out.start = this.batch.start;
    out.end = this.batch.end;
    const batch = this.batch;
    let rows: ReadingRow[] | undefined;
    return {
      ...out,
      batch,
      // Objects only for whoever asks (tests): ingestion writes the batch as it is.
      get rows() {
        return (rows ??= [...batch.readings()].map((r) => ({
          station_id: context.stationId,
          module_id: r.moduleId,
          sensor_id: r.sensorId,
          time: new Date(r.timeMs).toISOString(),
          value: r.value,
          ingestion_id: context.ingestionId,
          version: context.version,
        })));
      },
    };
  }
}

/** The readings of a decoded data file (tests, and files already decoded). */
export const readingsOf = (
  file: DecodedFile<DataRecord>,
  metas: MetaModules,
  stationModules: readonly StationModuleRef[],
  context: Context,
): ReadingsOfFile => {
  const collector = new ReadingsCollector(metas, stationModules, context.nowMs);
  const view = new DataRecordView();
  for (const entry of file.entries) {
    if ('error' in entry) collector.error(entry.error);
    else collector.record(viewOfDataRecord(entry.value, view));
  }
  return collector.finish(file.streamError, context);
};

/** The readings of a data file's bytes, read without building objects (the ingestion's path). */
export const readingsOfBytes = (
  bytes: Uint8Array,
  metas: MetaModules,
  stationModules: readonly StationModuleRef[],
  context: Context,
): ReadingsOfFile => {
  // A reading takes 8 to 20 bytes of a data file: room for one per 16 bytes means at most a grow
  // or two (each one a fresh buffer of tens of megabytes, its pages faulted in and copied).
  const collector = new ReadingsCollector(metas, stationModules, context.nowMs, Math.ceil(bytes.length / 16));
  const scan = scanDataFile(bytes, { record: (view) => collector.record(view), error: (message) => collector.error(message) });
  return collector.finish(scan.streamError, context);
};
