import { SENSOR_DEFINITIONS, asRecorded, csvCell, sensorById, type ExportFileFormat } from '@groundtruth/domain';

/**
 * The export's lines written by ClickHouse itself (issue 14: ≥ 1 M rows/s), byte for byte what the
 * domain's ExportWriter writes for the same reading: one String column per line, answered as
 * TabSeparatedRaw (no escaping; the engine adds the `\n`, CSV lines carry their `\r`). Per-row
 * JavaScript ran at ~20 k rows/s; vectorised string functions run at millions.
 *
 * Values are the one part ClickHouse cannot always write as `asRecorded` does: both print a float32
 * with its shortest digits, but on an exact tie (1447177.25 as 1447177.2 or .3) ClickHouse rounds to
 * even where JavaScript's toPrecision rounds away from zero, and at extreme magnitudes ClickHouse
 * may find a shorter form than the nearest rounding. Those rows are the ones whose shortest form is
 * not clearly the nearest rounding of the value (off by ≥ 0.49 of its last digit); the engine
 * writes them as VALUE_MARK, the value's bits, VALUE_MARK, and `fixValues` rewrites them in
 * JavaScript. Real readings hardly ever hit one; a test compares whole files against ExportWriter.
 */

/** Never in a line otherwise: Postgres text (station names) cannot hold NUL, nor can the catalogue. */
export const VALUE_MARK = 0;

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

  return `
    WITH value + 0 AS v,
         toFloat64(toFloat32(v)) = v AS is32,
         if(is32, toString(toFloat32(v)), toString(v)) AS s,
         position(s, 'e') AS epos,
         if(epos > 0, substring(s, 1, epos - 1), s) AS mantissa,
         if(epos > 0, toInt32(substring(s, epos + 1)), 0) AS exponent,
         position(mantissa, '.') AS dot,
         exponent - if(dot > 0, toInt32(length(mantissa)) - dot, 0)
           + if(dot > 0, 0, toInt32(length(mantissa)) - toInt32(length(trim(TRAILING '0' FROM mantissa)))) AS lastDigit,
         abs(toFloat64OrZero(s) - v) >= 0.49 * exp10(lastDigit) AS unsure,
         if(NOT isFinite(v), ${csv ? "''" : "'null'"},
            if(unsure, concat(char(${VALUE_MARK}), toString(reinterpretAsUInt64(v)), char(${VALUE_MARK})),
               replaceOne(replaceOne(s, 'e', 'e+'), 'e+-', 'e-'))) AS valueText,
         ${offsetMinutes} AS offset,
         concat(if(offset < 0, '-', '+'), leftPad(toString(intDiv(abs(offset), 60)), 2, '0'), ':',
                leftPad(toString(abs(offset) % 60), 2, '0')) AS offsetText,
         concat(replaceOne(toString(time), ' ', 'T'), 'Z') AS utc,
         replaceOne(toString(addMinutes(time, offset)), ' ', 'T') AS local
    SELECT ${
      csv
        ? `concat(utc, ',', local, ',', offsetText, ',', toString(station_id), ',', ${station}, ',', toString(module_id), ',', ${sensorKey}, ',', ${unit}, ',', valueText, ',true\\r')`
        : `concat('{"timeUtc":"', utc, '","timeLocal":"', local, '","utcOffset":"', offsetText, '"', ${sep('stationId')}, toString(station_id), ${sep('stationName')}, ${station}, ${sep('moduleId')}, toString(module_id), ${sep('sensor')}, ${sensorKey}, ${sep('unit')}, ${unit}, ${sep('value')}, valueText, ',"rawReading":true}')`
    }
      FROM readings FINAL
     WHERE station_id = ${sqlInts([q.station.id]).slice(1, -1)}
       ${q.sensors !== null && q.sensors.length > 0 ? `AND sensor_id IN ${sqlInts(q.sensors)}` : ''}
       AND time >= fromUnixTimestamp64Milli(toInt64(${from}), 'UTC') AND time < fromUnixTimestamp64Milli(toInt64(${to}), 'UTC')
     ORDER BY time, sensor_id, module_id`;
};

/**
 * A chunk of lines with each marked value (see VALUE_MARK) written as `asRecorded` writes it. A
 * marked value never spans chunks: the engine cuts its answer between rows.
 */
export const fixValues = (chunk: Buffer): Buffer => {
  let at = chunk.indexOf(VALUE_MARK);
  if (at < 0) return chunk;
  const parts: Buffer[] = [];
  let from = 0;
  const bits = Buffer.alloc(8);
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
