import type { ClickHouseClient } from '@clickhouse/client';
import { coverRange } from '@groundtruth/domain';

/** What one station module sensor's readings in a range add up to. */
export type SensorStats = {
  readonly moduleId: number;
  readonly sensorId: number;
  readonly count: number;
  readonly min: number;
  readonly max: number;
  readonly sum: number;
  /** ms */
  readonly first: number;
  readonly last: number;
  readonly lastValue: number;
};

type StatsRow = {
  module_id: number | string;
  sensor_id: number | string;
  lo: number;
  hi: number;
  total: number;
  count: number | string;
  last_value: number;
  last_time: number | string;
  first_time: number | string;
  first_window: number | string;
};

const ms = (name: string) => `fromUnixTimestamp64Milli({${name}:Int64}, 'UTC')`;

/**
 * Per module and sensor of a station, the count, min, max, sum, last value and the times of the
 * first and last readings in [fromMs, toMs). The range is read as whole buckets of the aggregate
 * levels with raw readings at its ragged ends (`coverRange`), so a year costs a few hundred rows;
 * the aggregates keep no first time, so each sensor's first reading is then looked up among the
 * raw readings of the one bucket that holds it.
 */
export async function readSensorStats(
  client: ClickHouseClient,
  stationId: number,
  fromMs: number,
  toMs: number,
): Promise<SensorStats[]> {
  const segments = coverRange(fromMs, toMs);
  if (segments.length === 0) return [];
  const params: Record<string, number> = { station: stationId };
  const parts = segments.map((s, i) => {
    params[`f${i}`] = s.fromMs;
    params[`t${i}`] = s.toMs;
    return s.level === null
      ? `SELECT module_id, sensor_id, min(value) AS vmin, max(value) AS vmax, sum(value) AS vsum, count() AS n,
                max((time, value)) AS vl, min(time) AS tfirst, toUInt32(0) AS first_size
           FROM readings FINAL
          WHERE station_id = {station:UInt32} AND time >= ${ms(`f${i}`)} AND time < ${ms(`t${i}`)}
          GROUP BY module_id, sensor_id`
      : `SELECT module_id, sensor_id, min(value_min) AS vmin, max(value_max) AS vmax, sum(value_sum) AS vsum,
                sum(value_count) AS n, max(value_last) AS vl,
                toDateTime64(min(bucket), 3, 'UTC') AS tfirst, toUInt32(${s.level.seconds}) AS first_size
           FROM readings_${s.level.name}
          WHERE station_id = {station:UInt32}
            AND bucket >= toDateTime(intDiv({f${i}:Int64}, 1000), 'UTC') AND bucket < toDateTime(intDiv({t${i}:Int64}, 1000), 'UTC')
          GROUP BY module_id, sensor_id`;
  });
  const result = await client.query({
    // Outer names differ from the inner ones: ClickHouse would read an inner column as the outer alias.
    query: `SELECT module_id, sensor_id, min(vmin) AS lo, max(vmax) AS hi, sum(vsum) AS total, sum(n) AS count,
                   max(vl).2 AS last_value, toUnixTimestamp64Milli(max(vl).1) AS last_time,
                   toUnixTimestamp64Milli(min(tfirst)) AS first_time, argMin(first_size, tfirst) AS first_window
              FROM (${parts.join('\nUNION ALL\n')})
             GROUP BY module_id, sensor_id
             ORDER BY module_id, sensor_id`,
    query_params: params,
    format: 'JSONEachRow',
  });
  const rows = await result.json<StatsRow>();
  const firsts = await readFirstTimes(
    client,
    stationId,
    rows
      .filter((r) => Number(r.first_window) > 0)
      .map((r) => ({
        moduleId: Number(r.module_id),
        sensorId: Number(r.sensor_id),
        fromMs: Number(r.first_time),
        toMs: Number(r.first_time) + Number(r.first_window) * 1000,
      })),
  );
  return rows.map((r) => {
    const moduleId = Number(r.module_id);
    const sensorId = Number(r.sensor_id);
    return {
      moduleId,
      sensorId,
      count: Number(r.count),
      min: r.lo,
      max: r.hi,
      sum: r.total,
      first: firsts.get(`${moduleId}/${sensorId}`) ?? Number(r.first_time),
      last: Number(r.last_time),
      lastValue: r.last_value,
    };
  });
}

/** The time of the first reading of each sensor within its window (one bucket of an aggregate level). */
async function readFirstTimes(
  client: ClickHouseClient,
  stationId: number,
  windows: readonly { moduleId: number; sensorId: number; fromMs: number; toMs: number }[],
): Promise<Map<string, number>> {
  if (windows.length === 0) return new Map();
  const params: Record<string, number> = { station: stationId };
  const conditions = windows.map((w, i) => {
    Object.assign(params, { [`m${i}`]: w.moduleId, [`s${i}`]: w.sensorId, [`a${i}`]: w.fromMs, [`b${i}`]: w.toMs });
    return `(module_id = {m${i}:UInt32} AND sensor_id = {s${i}:UInt32} AND time >= ${ms(`a${i}`)} AND time < ${ms(`b${i}`)})`;
  });
  const result = await client.query({
    // Replaced readings keep their time, so the first time needs no FINAL.
    query: `SELECT module_id, sensor_id, toUnixTimestamp64Milli(min(time)) AS t FROM readings
             WHERE station_id = {station:UInt32} AND (${conditions.join(' OR ')})
             GROUP BY module_id, sensor_id`,
    query_params: params,
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ module_id: number | string; sensor_id: number | string; t: number | string }>();
  return new Map(rows.map((r) => [`${Number(r.module_id)}/${Number(r.sensor_id)}`, Number(r.t)]));
}

/** How many distinct times a station has readings at in [fromMs, toMs). */
export async function countReadingTimes(
  client: ClickHouseClient,
  stationId: number,
  fromMs: number,
  toMs: number,
): Promise<number> {
  const result = await client.query({
    query: `SELECT uniqExact(time) AS n FROM readings
             WHERE station_id = {station:UInt32} AND time >= ${ms('from')} AND time < ${ms('to')}`,
    query_params: { station: stationId, from: fromMs, to: toMs },
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ n: number | string }>();
  return Number(row?.n ?? 0);
}

/** One time's readings of a station. */
export type ReadingsAt = { readonly time: number; readonly readings: { moduleId: number; sensorId: number; value: number }[] };

/**
 * The readings at the station's times in [fromMs, toMs), newest first, `limit` times from the
 * `offset`-th: the page's times first, then every reading between its first and last time.
 */
export async function readReadingTimes(
  client: ClickHouseClient,
  stationId: number,
  fromMs: number,
  toMs: number,
  offset: number,
  limit: number,
): Promise<ReadingsAt[]> {
  const times = await client.query({
    query: `SELECT DISTINCT toUnixTimestamp64Milli(time) AS t FROM readings
             WHERE station_id = {station:UInt32} AND time >= ${ms('from')} AND time < ${ms('to')}
             ORDER BY t DESC LIMIT {limit:UInt32} OFFSET {offset:UInt64}`,
    query_params: { station: stationId, from: fromMs, to: toMs, limit, offset },
    format: 'JSONEachRow',
  });
  const page = (await times.json<{ t: number | string }>()).map((r) => Number(r.t));
  if (page.length === 0) return [];
  const newest = page[0]!;
  const oldest = page[page.length - 1]!;
  const result = await client.query({
    query: `SELECT module_id, sensor_id, toUnixTimestamp64Milli(time) AS t, value FROM readings FINAL
             WHERE station_id = {station:UInt32} AND time >= ${ms('oldest')} AND time <= ${ms('newest')}
             ORDER BY t DESC, module_id, sensor_id`,
    query_params: { station: stationId, oldest, newest },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ module_id: number | string; sensor_id: number | string; t: number | string; value: number }>();
  const byTime = new Map<number, ReadingsAt>(page.map((time) => [time, { time, readings: [] }]));
  for (const r of rows) {
    byTime.get(Number(r.t))?.readings.push({ moduleId: Number(r.module_id), sensorId: Number(r.sensor_id), value: r.value });
  }
  return [...byTime.values()];
}
