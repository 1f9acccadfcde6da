import { DomainError } from '../kernel/domain-error.js';
import { sensorById } from '../sensors/catalogue.js';
import { asRecorded } from '../sensors/shortest-float.js';

/**
 * How an export writes readings (issue 14 item 4): CSV per RFC 4180 (CRLF, quoted where needed,
 * cells a spreadsheet would run as formulas neutralised) after a `#` metadata header, or JSON
 * lines. One line per reading, in the stations' order, then by time. Pure: the projector's export
 * runner feeds it rows streamed from ClickHouse.
 */

export type ExportFileFormat = 'csv' | 'json-lines';

export type ExportStation = { readonly id: number; readonly name: string };

export type ExportMeta = {
  readonly format: ExportFileFormat;
  readonly stations: readonly ExportStation[];
  /** Sensor ids asked for; null: every sensor. */
  readonly sensors: readonly number[] | null;
  readonly start: number;
  readonly end: number;
  readonly tz: string;
  readonly createdAt: number;
};

/** A reading as ClickHouse answers it. */
export type ExportReading = {
  readonly stationId: number;
  readonly moduleId: number;
  readonly sensorId: number;
  readonly time: number;
  readonly value: number;
};

/** Export refusals that are the product's rule, not a permission (spec §2 Explore workspace). */
export const exportRefusal = (input: {
  readonly floodMode: boolean;
  readonly modelNames: readonly (string | null)[];
}): DomainError | null => {
  if (input.floodMode) return new DomainError('forbidden', 'EXPORT.OFF', 'Exports are off in flood mode.');
  if (input.modelNames.some((m) => m !== null && m.includes('NodeRed')))
    return new DomainError('forbidden', 'EXPORT.NODERED', 'Data of NodeRed stations cannot be exported.');
  return null;
};

const NEEDS_QUOTES = /[",\r\n]/;
/** A cell a spreadsheet would read as a formula (or a command, with a leading tab or CR). */
const FORMULA = /^[=+\-@\t\r]/;

/** One CSV cell: text starting like a formula gets a leading `'`; quoted when it holds `"`, `,` or a line break. */
export const csvCell = (text: string): string => {
  const safe = FORMULA.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** A number cell: negative numbers are numbers, not formulas, so they are written as they are. */
const numberCell = (n: number): string => String(asRecorded(n));

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `+hh:mm` of an offset in minutes. */
export const offsetText = (minutes: number): string => {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};

/**
 * Local time in a zone, fast enough for millions of rows: the zone's offset is looked up once per
 * quarter hour (zones change offset only on quarter-hour boundaries) and the time printed from it.
 */
export class LocalClock {
  private readonly offsets = new Map<number, number>();
  private readonly parts: Intl.DateTimeFormat;

  constructor(readonly tz: string) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** Minutes the zone is ahead of UTC at `ms`. */
  offset(ms: number): number {
    const key = Math.floor(ms / 900_000);
    let minutes = this.offsets.get(key);
    if (minutes === undefined) {
      const at = key * 900_000;
      const p = Object.fromEntries(this.parts.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
      const asUtc = Date.UTC(
        Number(p['year']),
        Number(p['month']) - 1,
        Number(p['day']),
        Number(p['hour']),
        Number(p['minute']),
        Number(p['second']),
      );
      minutes = Math.round((asUtc - at) / 60_000);
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(key, minutes);
    }
    return minutes;
  }

  /** `2025-06-01T02:00:00.000` local, and its offset `+02:00`. */
  local(ms: number): { time: string; offset: string } {
    const minutes = this.offset(ms);
    return { time: new Date(ms + minutes * 60_000).toISOString().slice(0, 23), offset: offsetText(minutes) };
  }
}

export const CSV_COLUMNS = [
  'time_utc',
  'time_local',
  'utc_offset',
  'station_id',
  'station_name',
  'module_id',
  'sensor',
  'unit',
  'value',
  'raw_reading',
] as const;

const COLUMN_MEANINGS: Record<(typeof CSV_COLUMNS)[number], string> = {
  time_utc: 'when the reading was taken, ISO 8601 in UTC',
  time_local: 'the same instant in the time zone above, without offset',
  utc_offset:
    'the offset of time_local from UTC at that instant, as UTC+02:00 (changes with daylight saving; written with UTC so spreadsheets keep it as text)',
  station_id: 'the station',
  station_name: "the station's name",
  module_id: 'the station module that took the reading',
  sensor: "the sensor's full key",
  unit: 'unit of the value',
  value: 'the reading, at the precision it was recorded',
  raw_reading:
    'true: the value is a reading as the station recorded it, not an average or other aggregate (exports never aggregate)',
};

/**
 * One `#` line: its label as the first cell (fixed text: starts with `#`, holds no comma or quote,
 * so tools that skip `#` lines still do), then each value as a cell of its own, quoted and
 * neutralised like the data's cells. A spreadsheet parses these lines too: a station name written
 * into the label's cell would be split at its commas, and a part like `=HYPERLINK(…)` run.
 */
const noteLine = (label: string, ...values: string[]): string =>
  [label, ...values.map((v) => csvCell(v.replace(/[\r\n]+/g, ' ')))].join(',');

/** The `#` lines before the CSV header row: what the file holds and what each column means. */
export const csvPreamble = (meta: ExportMeta): string => {
  const lines = [
    noteLine('# Groundtruth sensor data export'),
    noteLine('# created:', new Date(meta.createdAt).toISOString()),
    noteLine('# range:', `${new Date(meta.start).toISOString()} to ${new Date(meta.end).toISOString()} (end excluded)`),
    noteLine('# time zone of time_local:', meta.tz),
    ...meta.stations.map((s) => noteLine(`# station ${s.id}:`, s.name)),
    meta.sensors === null
      ? noteLine('# sensors:', 'every sensor of these stations')
      : noteLine(
          '# sensors:',
          meta.sensors
            .map((id) => {
              const d = sensorById(id);
              return d ? `${d.fullKey} (${d.unitOfMeasure || 'no unit'})` : String(id);
            })
            .join('; '),
        ),
    ...CSV_COLUMNS.map((c) => noteLine(`# column ${c}:`, COLUMN_MEANINGS[c])),
  ];
  return lines.map((l) => `${l}\r\n`).join('') + CSV_COLUMNS.join(',') + '\r\n';
};

/** Writes rows of one export; keeps per-station and per-sensor cells it has already escaped. */
export class ExportWriter {
  private readonly clock: LocalClock;
  private readonly stationCells = new Map<number, string>();
  private readonly sensorCells = new Map<number, { key: string; unit: string }>();

  constructor(private readonly meta: ExportMeta) {
    this.clock = new LocalClock(meta.tz);
    for (const s of meta.stations) this.stationCells.set(s.id, meta.format === 'csv' ? csvCell(s.name) : JSON.stringify(s.name));
  }

  /** What comes before the first row. */
  head(): string {
    return this.meta.format === 'csv' ? csvPreamble(this.meta) : '';
  }

  private sensor(id: number): { key: string; unit: string } {
    let cells = this.sensorCells.get(id);
    if (!cells) {
      const d = sensorById(id);
      const key = d?.fullKey ?? `sensor-${id}`;
      const unit = d?.unitOfMeasure ?? '';
      cells =
        this.meta.format === 'csv'
          ? { key: csvCell(key), unit: csvCell(unit) }
          : { key: JSON.stringify(key), unit: JSON.stringify(unit) };
      this.sensorCells.set(id, cells);
    }
    return cells;
  }

  /** One line (with its line break). */
  line(r: ExportReading): string {
    const utc = new Date(r.time).toISOString();
    const local = this.clock.local(r.time);
    const station = this.stationCells.get(r.stationId) ?? (this.meta.format === 'csv' ? '' : 'null');
    const sensor = this.sensor(r.sensorId);
    const value = Number.isFinite(r.value) ? numberCell(r.value) : this.meta.format === 'csv' ? '' : 'null';
    if (this.meta.format === 'csv') {
      // `UTC+02:00`, not `+02:00`: a spreadsheet reads a cell starting with + or - as a formula, and
      // `+00:00` as a time of day; with its letters first it stays the text it is.
      return `${utc},${local.time},UTC${local.offset},${r.stationId},${station},${r.moduleId},${sensor.key},${sensor.unit},${value},true\r\n`;
    }
    return `{"timeUtc":"${utc}","timeLocal":"${local.time}","utcOffset":"${local.offset}","stationId":${r.stationId},"stationName":${station},"moduleId":${r.moduleId},"sensor":${sensor.key},"unit":${sensor.unit},"value":${value},"rawReading":true}\n`;
  }
}

/**
 * `groundtruth-stations-12-13-2025-06-01-to-2025-06-07.csv`: says what and when, safe on every file
 * system. The days are those of the reader's time zone, and the second is the last day the file holds:
 * the range ends at the next midnight, which named the day after it.
 */
export const exportFileName = (
  format: ExportFileFormat,
  stationIds: readonly number[],
  start: number,
  end: number,
  tz = 'UTC',
): string => {
  const ids =
    stationIds.length > 5 ? `${stationIds.slice(0, 5).join('-')}-and-${stationIds.length - 5}-more` : stationIds.join('-');
  const days = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
  const day = (ms: number) => {
    const p = Object.fromEntries(days.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
    return `${p['year']}-${p['month']}-${p['day']}`;
  };
  const last = Math.max(start, end - 1);
  return `groundtruth-station${stationIds.length > 1 ? 's' : ''}-${ids}-${day(start)}-to-${day(last)}.${format === 'csv' ? 'csv' : 'jsonl'}`;
};
