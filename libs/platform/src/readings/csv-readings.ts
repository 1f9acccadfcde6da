import { DomainError, sensorByFullKey, type SensorDefinition } from '@groundtruth/domain';
import type { ReadingRow, ReadingsOfFile } from './readings-of.js';
import { parseReadingTime, readingTimeProblem, TIME_FORMATS } from './reading-time.js';
import type { CsvRecord } from './csv-text.js';

/** Names a time column may have (case does not matter). */
export const TIME_COLUMN_NAMES = ['time', 'timestamp', 'unix_time'] as const;
export const CSV_COLUMNS_MAX = 200;
const COLUMN_NAME_MAX = 100;
const PROBLEMS_KEPT = 100;

export type CsvColumns = {
  readonly time: number;
  /** Sensor columns by position in the row. */
  readonly sensors: readonly { readonly index: number; readonly name: string; readonly sensor: SensorDefinition }[];
};

export const csvMessages = {
  noTime: `Name one column ${TIME_COLUMN_NAMES.join(', ')}.`,
  secondTime: 'Only one time column, please.',
  unknown: 'Not a sensor key of the catalogue (for example fk.water.temp.temp).',
  twice: 'This column appears twice.',
  unnamed: 'This column has no name.',
  noSensors: 'Name at least one sensor column besides the time.',
  tooMany: `At most ${CSV_COLUMNS_MAX} columns.`,
} as const;

const badHeader = (errors: Record<string, string>, unknown: readonly string[]): DomainError =>
  DomainError.validation(
    'CSV.BAD_HEADER',
    errors,
    unknown.length > 0
      ? `These columns are not sensor keys of the catalogue: ${unknown.join(', ')}.`
      : 'The header row is not valid.',
  );

/**
 * What each column of the header row is: the time, or a sensor by its full key. Every problem is
 * a field error (by column name), so one 400 lists every unknown column.
 */
export const csvColumns = (header: readonly string[]): CsvColumns => {
  if (header.length > CSV_COLUMNS_MAX) throw badHeader({ columns: csvMessages.tooMany }, []);
  const errors: Record<string, string> = {};
  const unknown: string[] = [];
  const sensors: { index: number; name: string; sensor: SensorDefinition }[] = [];
  const seen = new Set<string>();
  let time = -1;
  header.forEach((raw, index) => {
    const name = raw.trim();
    const key = name.length > COLUMN_NAME_MAX ? `${name.slice(0, COLUMN_NAME_MAX)}…` : name;
    if (name === '') {
      errors[`column ${index + 1}`] = csvMessages.unnamed;
    } else if ((TIME_COLUMN_NAMES as readonly string[]).includes(name.toLowerCase())) {
      if (time >= 0) errors[key] = csvMessages.secondTime;
      else time = index;
    } else if (seen.has(name)) {
      errors[key] ??= csvMessages.twice;
    } else {
      const sensor = sensorByFullKey(name);
      if (sensor) sensors.push({ index, name, sensor });
      else {
        errors[key] = csvMessages.unknown;
        unknown.push(key);
      }
    }
    seen.add(name);
  });
  if (time < 0) errors['time'] = csvMessages.noTime;
  if (sensors.length === 0 && unknown.length === 0) errors['columns'] = csvMessages.noSensors;
  if (Object.keys(errors).length > 0) throw badHeader(errors, unknown);
  return { time, sensors };
};

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const shown = (text: string): string => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

type Context = { readonly stationId: number; readonly ingestionId: number; readonly version: number; readonly nowMs: number };

/**
 * The readings of a CSV file's data records (after the header) as ClickHouse rows, each column
 * filed under the station module `moduleIds` gives for its sensor's module key. An empty cell is
 * no reading. A row whose time is missing, unreadable, in the future or before 1900, that repeats
 * an earlier row's time or has more cells than the header is an error and left out; a cell that is
 * not a number is an error of its row, whose other cells still count. Problems name rows by line.
 */
export const csvReadings = (
  records: readonly CsvRecord[],
  columns: CsvColumns,
  moduleIds: ReadonlyMap<string, number>,
  context: Context,
): ReadingsOfFile => {
  const out: ReadingsOfFile = {
    records: records.length,
    errors: 0,
    problems: [],
    start: null,
    end: null,
    rows: [],
    battery: null,
    location: null,
  };
  const problem = (text: string) => {
    out.errors += 1;
    if (out.problems.length < PROBLEMS_KEPT) out.problems.push(text);
  };
  const usable = columns.sensors.flatMap((c) => {
    const moduleId = moduleIds.get(c.sensor.moduleKey);
    if (moduleId === undefined) {
      problem(`Column ${c.name}: the station has no ${c.sensor.moduleKey} module for it.`);
      return [];
    }
    return [{ ...c, moduleId }];
  });
  const width = Math.max(columns.time, ...columns.sensors.map((c) => c.index)) + 1;
  const times = new Map<number, number>();
  for (const record of records) {
    const row = `Row ${record.line}`;
    if (record.problem) {
      problem(`${row}: ${record.problem}.`);
      continue;
    }
    if (record.cells.length > width) {
      problem(`${row}: it has ${record.cells.length} cells, the header ${width}.`);
      continue;
    }
    const timeText = (record.cells[columns.time] ?? '').trim();
    const timeMs = timeText === '' ? null : parseReadingTime(timeText);
    if (timeMs === null) {
      problem(timeText === '' ? `${row}: no time.` : `${row}: the time ${shown(timeText)} is not ${TIME_FORMATS}.`);
      continue;
    }
    const late = readingTimeProblem(timeMs, context.nowMs);
    if (late) {
      problem(`${row}: the time ${late}.`);
      continue;
    }
    const earlier = times.get(timeMs);
    if (earlier !== undefined) {
      problem(`${row}: the same time as row ${earlier}.`);
      continue;
    }
    times.set(timeMs, record.line);
    const time = new Date(timeMs).toISOString();
    const bad: string[] = [];
    for (const c of usable) {
      const text = (record.cells[c.index] ?? '').trim();
      if (text === '') continue;
      const value = NUMBER.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(value)) {
        bad.push(`${c.name} ${shown(text)} is not a number`);
        continue;
      }
      out.rows.push({
        station_id: context.stationId,
        module_id: c.moduleId,
        sensor_id: c.sensor.id,
        time,
        value,
        ingestion_id: context.ingestionId,
        version: context.version,
      } satisfies ReadingRow);
      if (out.start === null || timeMs < out.start) out.start = timeMs;
      if (out.end === null || timeMs > out.end) out.end = timeMs;
    }
    if (bad.length > 0) problem(`${row}: ${bad.join('; ')}.`);
  }
  return out;
};
