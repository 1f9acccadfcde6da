import type { ClickHouseClient } from '@clickhouse/client';
import { AGGREGATE_LEVELS, type ChartPlan } from '@groundtruth/domain';
import { decodeBuckets, regroupBucketRows, type SensorBucket } from './bucket-rows.js';

/** Defined beside its decoder (bucket-rows.ts), which this file imports: no import loop between the two. */
export type { SensorBucket };

export type BucketSelection = {
  readonly stationIds: readonly number[];
  /** Empty: every sensor. */
  readonly sensorIds: readonly number[];
};

/** The columns every bucket query selects, cast and ordered as bucket-rows.ts reads them. */
const BUCKET_COLUMNS = `toUInt32(station_id), toUInt32(module_id), toUInt32(sensor_id), toInt64(b),
       toFloat64(vmin), toFloat64(vmax), toFloat64(vsum), toUInt64(n), toFloat64(vlast), toInt64(tlast)`;

/**
 * Runs `inner` (naming the columns station_id, module_id, sensor_id, b, vmin, vmax, vsum, n, vlast,
 * tlast), ordered by station, sensor, module and bucket, and reads its rows.
 */
const queryBuckets = async (
  client: ClickHouseClient,
  inner: string,
  params: Record<string, unknown>,
  limit = '',
  /** A scalar expression (Int64) to read along, once per answer: a trailing column. */
  extra?: string,
): Promise<{ buckets: SensorBucket[]; extra: number | null }> => {
  const result = await client.exec({
    query: `SELECT ${BUCKET_COLUMNS}${extra ? `, toInt64(ifNull(${extra}, 0))` : ''} FROM (${inner})
             ORDER BY station_id, sensor_id, module_id, b ${limit} FORMAT RowBinary`,
    query_params: params,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of result.stream) chunks.push(chunk as Buffer);
  return decodeBuckets(Buffer.concat(chunks), extra !== undefined);
};

/**
 * A level bucket's latest reading: the value of the greatest time, and that time. argMax over the
 * time alone, not max over the (time, value) tuple the levels store: the same answer, since a
 * series' readings have distinct times (readings FINAL keeps one per time, and each reading is in
 * one level row), at about 30 % less of the engine's CPU for a compare chart (measured on the
 * bench:explore data, 10 stations × 2 sensors over a year: p50 12–16 against 20–23 ms).
 */
const LAST_OF_LEVEL = 'argMax(value_last.2, value_last.1) AS vlast, toUnixTimestamp64Milli(max(value_last.1)) AS tlast';

const filters = (selection: BucketSelection): string =>
  'station_id IN {stations:Array(UInt32)}' + (selection.sensorIds.length > 0 ? ' AND sensor_id IN {sensors:Array(UInt32)}' : '');

/**
 * The second a millisecond time falls in, as a DateTime64 (1900 to 2299 like the levels' `bucket`):
 * floored, so a time before 1970 is right too (a DateTime holds 1970 to 2106 only, and intDiv and
 * toUnixTimestamp truncate towards zero, which put pre-1970 buckets one bucket late or failed).
 */
const wholeSecond = (ms: string) => `fromUnixTimestamp64Milli(${ms} - positiveModulo(${ms}, 1000), 'UTC')`;

/** The SELECT of a plan's buckets and its parameters (see readSensorBuckets). */
const bucketQuery = (plan: ChartPlan, selection: BucketSelection, limit: number | undefined) => {
  const bucketMs = plan.bucketSeconds * 1000;
  const inner =
    plan.level === null
      ? `SELECT station_id, sensor_id, module_id,
                toUnixTimestamp64Milli(time) - positiveModulo(toUnixTimestamp64Milli(time), {bucketMs:Int64}) AS b,
                min(value) AS vmin, max(value) AS vmax, sum(value) AS vsum, count() AS n,
                argMax(value, time) AS vlast, toUnixTimestamp64Milli(max(time)) AS tlast
           FROM readings FINAL
          WHERE ${filters(selection)}
            AND time >= fromUnixTimestamp64Milli({from:Int64}, 'UTC') AND time < fromUnixTimestamp64Milli({to:Int64}, 'UTC')
          GROUP BY station_id, sensor_id, module_id, b`
      : `SELECT station_id, sensor_id, module_id,
                toUnixTimestamp64Milli(bucket) - positiveModulo(toUnixTimestamp64Milli(bucket), {bucketMs:Int64}) AS b,
                min(value_min) AS vmin, max(value_max) AS vmax, sum(value_sum) AS vsum, sum(value_count) AS n,
                ${LAST_OF_LEVEL}
           FROM readings_${plan.level.name}
          WHERE ${filters(selection)}
            AND bucket >= ${wholeSecond('{from:Int64}')} AND bucket < ${wholeSecond('{to:Int64}')}
          GROUP BY station_id, sensor_id, module_id, b`;
  const params = {
    stations: selection.stationIds,
    sensors: selection.sensorIds,
    from: plan.fromMs,
    to: plan.toMs,
    bucketMs,
    bucketSeconds: plan.bucketSeconds,
    limit: limit ?? 0,
  };
  return { inner, params, limit: limit === undefined ? '' : 'LIMIT {limit:UInt32}' };
};

/**
 * Level rows a window may be expected to hold (stations × sensors, eight when all are asked, ×
 * chart buckets × level buckets per chart bucket) for them to be read whole and regrouped here;
 * a larger window is regrouped by the engine. Measured on the bench:explore data with
 * .tmp/scratch/regroup-ab.mjs (two cores, busy), read and decoded: a week of a station's two
 * sensors (2,016 rows) 10.0 against 11.8 ms, a year of them (2,920) 10.0 against 12.1 ms; but a
 * month (17,280 rows) 12.2 against 11.7 ms and a year of ten stations (29,200) 22.3 against
 * 16.8 ms, where decoding and folding the rows here costs more than the engine's GROUP BY saves.
 */
export const REGROUP_HERE_ROWS = 6_000;

/** Level rows read at most for regrouping here; a window holding more (many modules, parts not yet merged) goes to the engine's GROUP BY. */
export const LEVEL_ROWS_READ = 4 * REGROUP_HERE_ROWS;

/** How many level rows a plan's window may hold, as REGROUP_HERE_ROWS counts them. */
export const expectedLevelRows = (plan: ChartPlan, selection: BucketSelection): number =>
  plan.level === null
    ? Number.POSITIVE_INFINITY
    : selection.stationIds.length *
      (selection.sensorIds.length > 0 ? selection.sensorIds.length : 8) *
      plan.buckets *
      (plan.bucketSeconds / plan.level.seconds);

/**
 * A level's rows over the plan's window, as stored (one per level bucket, or more while the level's
 * parts are not merged), in the levels' sorting key order: station, sensor, bucket, module, which
 * the engine reads without sorting. Alone in the engine, a week of a station's two sensors costs
 * 5.7 ms so against 9–10 ms with its GROUP BY (.tmp/scratch/ch-week-variants.mjs).
 */
const levelRowsQuery = (
  plan: ChartPlan & { level: NonNullable<ChartPlan['level']> },
  selection: BucketSelection,
  extra?: string,
) => ({
  query: `SELECT toUInt32(station_id), toUInt32(module_id), toUInt32(sensor_id), toInt64(toUnixTimestamp64Milli(bucket)),
                 toFloat64(value_min), toFloat64(value_max), toFloat64(value_sum), toUInt64(value_count),
                 toFloat64(value_last.2), toInt64(toUnixTimestamp64Milli(value_last.1))${extra ? `, toInt64(ifNull(${extra}, 0))` : ''}
            FROM readings_${plan.level.name}
           WHERE ${filters(selection)}
             AND bucket >= ${wholeSecond('{from:Int64}')} AND bucket < ${wholeSecond('{to:Int64}')}
           ORDER BY station_id, sensor_id, bucket, module_id
           LIMIT {levelRows:UInt32} FORMAT RowBinary`,
  query_params: {
    stations: selection.stationIds,
    sensors: selection.sensorIds,
    from: plan.fromMs,
    to: plan.toMs,
    levelRows: LEVEL_ROWS_READ + 1,
  },
});

/**
 * The plan's buckets (and the trailing `extra` column's value, see queryBuckets): from a level, its
 * rows regrouped here when the window is expected to hold at most REGROUP_HERE_ROWS of them and
 * holds at most LEVEL_ROWS_READ, else by the engine; from the raw readings by the engine.
 */
const planBuckets = async (
  client: ClickHouseClient,
  plan: ChartPlan,
  selection: BucketSelection,
  limit: number | undefined,
  extra?: string,
): Promise<{ buckets: SensorBucket[]; extra: number | null }> => {
  const level = plan.level;
  if (level !== null && expectedLevelRows(plan, selection) <= REGROUP_HERE_ROWS) {
    const result = await client.exec(levelRowsQuery({ ...plan, level }, selection, extra));
    const chunks: Buffer[] = [];
    for await (const chunk of result.stream) chunks.push(chunk as Buffer);
    const {
      buckets,
      rows,
      extra: trailing,
    } = regroupBucketRows(Buffer.concat(chunks), extra !== undefined, plan.bucketSeconds * 1000);
    if (rows <= LEVEL_ROWS_READ) {
      return { buckets: limit !== undefined && buckets.length > limit ? buckets.slice(0, limit) : buckets, extra: trailing };
    }
  }
  const { inner, params, limit: tail } = bucketQuery(plan, selection, limit);
  return queryBuckets(client, inner, params, tail, extra);
};

/**
 * The plan's buckets, regrouped from the level it names (whole level buckets per chart bucket), or
 * from the raw readings (FINAL: one row per reading) when it names none. Ordered by station,
 * sensor, module and time; empty buckets are absent.
 */
export async function readSensorBuckets(
  client: ClickHouseClient,
  plan: ChartPlan,
  selection: BucketSelection,
  /** At most this many rows (the caller may ask one more to learn that there were too many). */
  limit?: number,
): Promise<SensorBucket[]> {
  if (selection.stationIds.length === 0) return [];
  return (await planBuckets(client, plan, selection, limit)).buckets;
}

/**
 * readSensorBuckets and readDataEnd in one query when the window holds data (a chart call then
 * costs the engine one query, not two: about a third of its CPU), else readDataEnd.
 */
export async function readChartBuckets(
  client: ClickHouseClient,
  plan: ChartPlan,
  selection: BucketSelection,
  limit?: number,
): Promise<{ buckets: SensorBucket[]; dataEnd: number | null }> {
  if (selection.stationIds.length === 0) return { buckets: [], dataEnd: null };
  const { buckets, extra } = await planBuckets(client, plan, selection, limit, `(${dataEndSql(selection)})`);
  return { buckets, dataEnd: extra ?? (await readDataEnd(client, selection)) };
}

const dataEndSql = (selection: BucketSelection) =>
  `SELECT toUnixTimestamp64Milli(max(value_last.1)) FROM readings_1d WHERE ${filters(selection)}`;

/** The time (ms) of the latest reading of these stations' sensors, null without any. */
export async function readDataEnd(client: ClickHouseClient, selection: BucketSelection): Promise<number | null> {
  if (selection.stationIds.length === 0) return null;
  const result = await client.query({
    query: `SELECT count() AS n, toUnixTimestamp64Milli(max(value_last.1)) AS t FROM readings_1d WHERE ${filters(selection)}`,
    query_params: { stations: selection.stationIds, sensors: selection.sensorIds },
    format: 'JSONEachRow',
  });
  const [row] = await result.json<{ n: number | string; t: number | string }>();
  return row === undefined || Number(row.n) === 0 ? null : Number(row.t);
}

/** Per station, the time (ms) of its latest reading of these sensors; stations without any are absent. */
export async function readDataEnds(client: ClickHouseClient, selection: BucketSelection): Promise<Map<number, number>> {
  if (selection.stationIds.length === 0) return new Map();
  const result = await client.query({
    query: `SELECT station_id, toUnixTimestamp64Milli(max(value_last.1)) AS t FROM readings_1d WHERE ${filters(selection)} GROUP BY station_id`,
    query_params: { stations: selection.stationIds, sensors: selection.sensorIds },
    format: 'JSONEachRow',
  });
  const rows = await result.json<{ station_id: number | string; t: number | string }>();
  return new Map(rows.map((row) => [Number(row.station_id), Number(row.t)]));
}

/**
 * One summary per station module sensor over [fromMs, toMs) exactly: the whole ten-minute buckets
 * inside the window from the finest level, the ragged ends from the raw readings. `time` is the
 * window's start.
 */
export async function readWindowSummaries(
  client: ClickHouseClient,
  fromMs: number,
  toMs: number,
  selection: BucketSelection,
): Promise<SensorBucket[]> {
  if (selection.stationIds.length === 0 || toMs <= fromMs) return [];
  const step = AGGREGATE_LEVELS[0].seconds * 1000;
  // Inner [innerFrom, innerTo) is whole finest buckets; it may be empty (a window under 20 minutes).
  const innerFrom = Math.ceil(fromMs / step) * step;
  const innerTo = Math.max(innerFrom, Math.floor(toMs / step) * step);
  const raw = (from: string, to: string) => `
      SELECT station_id, sensor_id, module_id, min(value) AS vmin, max(value) AS vmax, sum(value) AS vsum, count() AS n,
             max((time, value)) AS l
        FROM readings FINAL
       WHERE ${filters(selection)}
         AND time >= fromUnixTimestamp64Milli(${from}, 'UTC') AND time < fromUnixTimestamp64Milli(${to}, 'UTC')
       GROUP BY station_id, sensor_id, module_id`;
  const { buckets } = await queryBuckets(
    client,
    `SELECT station_id, sensor_id, module_id, {from:Int64} AS b,
                   min(vmin) AS vmin, max(vmax) AS vmax, sum(vsum) AS vsum, sum(n) AS n,
                   max(l).2 AS vlast, toUnixTimestamp64Milli(max(l).1) AS tlast
              FROM (
                SELECT station_id, sensor_id, module_id, min(value_min) AS vmin, max(value_max) AS vmax,
                       sum(value_sum) AS vsum, sum(value_count) AS n, max(value_last) AS l
                  FROM readings_${AGGREGATE_LEVELS[0].name}
                 WHERE ${filters(selection)}
                   AND bucket >= ${wholeSecond('{innerFrom:Int64}')} AND bucket < ${wholeSecond('{innerTo:Int64}')}
                 GROUP BY station_id, sensor_id, module_id
                UNION ALL ${raw('{from:Int64}', 'least({innerFrom:Int64}, {to:Int64})')}
                UNION ALL ${raw('greatest({innerTo:Int64}, {from:Int64})', '{to:Int64}')}
              )
             GROUP BY station_id, sensor_id, module_id`,
    { stations: selection.stationIds, sensors: selection.sensorIds, from: fromMs, to: toMs, innerFrom, innerTo },
  );
  return buckets;
}

/** The latest reading of each station module sensor, at any time. */
export async function readLatest(client: ClickHouseClient, selection: BucketSelection): Promise<SensorBucket[]> {
  if (selection.stationIds.length === 0) return [];
  const { buckets } = await queryBuckets(
    client,
    `SELECT station_id, sensor_id, module_id, 0 AS b,
            min(value_min) AS vmin, max(value_max) AS vmax, sum(value_sum) AS vsum, sum(value_count) AS n,
            ${LAST_OF_LEVEL}
       FROM readings_1d
      WHERE ${filters(selection)}
      GROUP BY station_id, sensor_id, module_id`,
    { stations: selection.stationIds, sensors: selection.sensorIds },
  );
  return buckets;
}
