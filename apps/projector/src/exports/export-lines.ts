import { SENSOR_DEFINITIONS, asRecorded, csvCell, offsetText, sensorById, type ExportFileFormat } from '@groundtruth/domain';

/**
 * The export's lines written by ClickHouse itself (issue 14: ≥ 1 M rows/s), byte for byte what the
 * domain's ExportWriter writes for the same reading: one String column per line, answered as
 * TabSeparatedRaw (no escaping; the engine adds the `\n`, CSV lines carry their `\r`). Per-row
 * JavaScript ran at ~20 k rows/s; vectorised string functions run at millions.
 *
 * Values are the one part ClickHouse cannot always write as `asRecorded` does. Both print a float32
 * with its shortest digits, but on an exact tie (1447177.25 as 1447177.2 or .3) ClickHouse rounds to
 * even where toPrecision rounds away from zero; at a power of two (whose rounding interval is
 * lopsided) ClickHouse may find a shorter form than the nearest rounding; JavaScript writes `e+21`
 * where ClickHouse writes `e21`. So the engine writes as they are only float32 values that are none
 * of these: a tie shows as a float64 text (exact for a float32) one digit longer than the shortest
 * and ending in 5; powers of two from 2^-10 to 2^24 are short exact decimals, larger values and
 * exponents are left out whole. The others (rare in readings, and every value that is no float32:
 * CSV imports, webhooks) come as VALUE_MARK, the value's bits, VALUE_MARK, and `fixValues` writes
 * them with asRecorded. export-lines.int.spec.ts compares whole files with ExportWriter's.
 */

/** Never in a line otherwise: Postgres text (station names) cannot hold NUL, nor can the catalogue. */
export const VALUE_MARK = 0;

/** Zone offsets are within a day of UTC; their texts are looked up, not built per row. */
const MAX_OFFSET_MINUTES = 24 * 60;
const OFFSET_TEXTS = `[${Array.from({ length: 2 * MAX_OFFSET_MINUTES + 1 }, (_, i) => `'${offsetText(i - MAX_OFFSET_MINUTES)}'`).join(',')}]`;

/** A ClickHouse string literal. */
export const sqlString = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const sqlStrings = (texts: readonly string[]): string => `[${texts.map(sqlString).join(',')}]`;
const sqlInts = (ids: readonly number[]): string => {
  for (const id of ids) if (!Number.isSafeInteger(id) || id < 0) throw new Error(`Not an id: ${id}`);
  return `[${ids.join(',')}]`;
};

export type ExportLinesQuery = {
  readonly format: ExportFileFormat;
  readonly station: { readonly id: number; readonly name: string };
  /** null: every sensor. */
  readonly sensors: readonly number[] | null;
  /** Epoch milliseconds, `from` included, `to` excluded. */
  readonly from: number;
  readonly to: number;
  readonly tz: string;
};

/**
 * The SELECT (without FORMAT) of one station's lines in [from, to), in time, sensor, module order.
 * Values are literals (chDB's streaming query binds no parameters): ids are checked integers, text
 * goes through `sqlString`.
 */
export const exportLinesSql = (q: ExportLinesQuery): string => {
  const csv = q.format === 'csv';
  const cell = (text: string) => (csv ? csvCell(text) : JSON.stringify(text));
  const sensors = q.sensors === null ? SENSOR_DEFINITIONS : q.sensors.map((id) => sensorById(id) ?? { id, fullKey: null });
  const known = sensors.filter((s): s is (typeof SENSOR_DEFINITIONS)[number] => s.fullKey !== null);
  const ids = sqlInts(known.map((s) => s.id));
  const keys = sqlStrings(known.map((s) => cell(s.fullKey)));
  const units = sqlStrings(known.map((s) => cell(s.unitOfMeasure)));
  const station = sqlString(cell(q.station.name));
  const from = Math.trunc(q.from);
  const to = Math.trunc(q.to);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) throw new Error('Export range is not whole milliseconds');

  // The offset as LocalClock takes it: whole minutes (JavaScript's Math.round), local time printed from it.
  const offsetMinutes = `toInt32(floor(timeZoneOffset(toTimeZone(time, ${sqlString(q.tz)})) / 60 + 0.5))`;
  const unknownKey = csv ? `concat('sensor-', toString(sensor_id))` : `concat('"sensor-', toString(sensor_id), '"')`;
  const unknownUnit = csv ? "''" : `'""'`;
  const sensorKey = known.length > 0 ? `transform(sensor_id, ${ids}, ${keys}, ${unknownKey})` : unknownKey;
  const unit = known.length > 0 ? `transform(sensor_id, ${ids}, ${units}, ${unknownUnit})` : unknownUnit;
  const sep = csv ? (text: string) => `',${text}'` : (text: string) => `',"${text}":'`;

  // Rows are sorted in a subquery and formatted after it: sorting the finished lines moved ~100
  // bytes a row instead of ~30. The outer ORDER BY is the same order, which ClickHouse sees is kept.
  return `
    WITH value + 0 AS v,
         toFloat64(toFloat32(v)) = v AS is32,
         toString(toFloat32(v)) AS s,
         position(s, '.') AS dot,
         toString(v) AS exact,
         NOT is32 OR position(s, 'e') > 0 OR abs(v) >= 16777216
           OR (endsWith(exact, '5') AND length(exact) - position(exact, '.') = if(dot > 0, length(s) - dot, 0) + 1)
           OR (v != 0 AND abs(v) < 0.0009765625 AND bitAnd(reinterpretAsUInt32(toFloat32(v)), 8388607) = 0) AS unsure,
         if(isFinite(v), if(unsure, concat(char(${VALUE_MARK}), toString(reinterpretAsUInt64(v)), char(${VALUE_MARK})), s),
            ${csv ? "''" : "'null'"}) AS valueText,
         ${offsetMinutes} AS offset,
         arrayElement(${OFFSET_TEXTS}, offset + ${MAX_OFFSET_MINUTES + 1}) AS offsetText,
         concat(replaceOne(toString(time), ' ', 'T'), 'Z') AS utc,
         replaceOne(toString(addMinutes(time, offset)), ' ', 'T') AS local
    SELECT ${
      csv
        ? `concat(utc, ',', local, ',UTC', offsetText, ',', toString(station_id), ',', ${station}, ',', toString(module_id), ',', ${sensorKey}, ',', ${unit}, ',', valueText, ',true\\r')`
        : `concat('{"timeUtc":"', utc, '","timeLocal":"', local, '","utcOffset":"', offsetText, '"', ${sep('stationId')}, toString(station_id), ${sep('stationName')}, ${station}, ${sep('moduleId')}, toString(module_id), ${sep('sensor')}, ${sensorKey}, ${sep('unit')}, ${unit}, ${sep('value')}, valueText, ',"rawReading":true}')`
    }
      FROM (SELECT station_id, module_id, sensor_id, time, value
              FROM readings FINAL
             WHERE station_id = ${sqlInts([q.station.id]).slice(1, -1)}
               ${q.sensors !== null && q.sensors.length > 0 ? `AND sensor_id IN ${sqlInts(q.sensors)}` : ''}
               AND time >= fromUnixTimestamp64Milli(toInt64(${from}), 'UTC') AND time < fromUnixTimestamp64Milli(toInt64(${to}), 'UTC')
             ORDER BY time, sensor_id, module_id)
     ORDER BY time, sensor_id, module_id`;
};

/**
 * A chunk of lines with each marked value (see VALUE_MARK) written as `asRecorded` writes it. A
 * marked value never spans chunks: the engine cuts its answer between rows (and the runner cuts an
 * HTTP body at a line break).
 */
export const fixValues = (chunk: Buffer): Buffer => {
  let at = chunk.indexOf(VALUE_MARK);
  if (at < 0) return chunk;
  const parts: Buffer[] = [];
  const bits = Buffer.alloc(8);
  let from = 0;
  while (at >= 0) {
    const end = chunk.indexOf(VALUE_MARK, at + 1);
    if (end < 0) throw new Error('A marked export value is cut off');
    bits.writeBigUInt64LE(BigInt(chunk.toString('latin1', at + 1, end)));
    parts.push(chunk.subarray(from, at), Buffer.from(String(asRecorded(bits.readDoubleLE(0)))));
    from = end + 1;
    at = chunk.indexOf(VALUE_MARK, from);
  }
  parts.push(chunk.subarray(from));
  return Buffer.concat(parts);
};

/**
 * Whole lines out of an HTTP body's parts, which may end inside a line (chDB's parts are whole rows
 * and say how many), counted by their line breaks: one per line, plus those inside a CSV station
 * name cell, the only cell that may hold some.
 */
export class LineCutter {
  private carry: Buffer | null = null;
  private breaks = 0;
  private readonly breaksPerLine: number;

  constructor(format: ExportFileFormat, stationName: string) {
    this.breaksPerLine = 1 + (format === 'csv' ? (csvCell(stationName).match(/\n/g)?.length ?? 0) : 0);
  }

  /** The whole lines that have come with this part, and how many; the rest waits for the next part. */
  take(part: Buffer): { readonly bytes: Buffer; readonly lines: number } {
    const bytes = this.carry ? Buffer.concat([this.carry, part]) : part;
    const end = bytes.lastIndexOf(10) + 1;
    this.carry = end < bytes.length ? Buffer.from(bytes.subarray(end)) : null;
    for (let at = bytes.indexOf(10); at >= 0 && at < end; at = bytes.indexOf(10, at + 1)) this.breaks++;
    const lines = Math.floor(this.breaks / this.breaksPerLine);
    this.breaks %= this.breaksPerLine;
    return { bytes: bytes.subarray(0, end), lines };
  }

  /** The answer is over: nothing may be left. */
  end(): void {
    if (this.carry || this.breaks > 0) throw new Error('The export answer ended inside a line');
  }
}
