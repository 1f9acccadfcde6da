import type { ClickHouseClient } from '@clickhouse/client';
import { AGGREGATE_LEVELS, coverRange, type ChartPlan, type RangeSegment } from '@groundtruth/domain';
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
 * one level row), at about 30 % less of the engine's CPU for a compare chart (docs/benchmarks.md).
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

/** A time column as Int64 ms, the chart bucket it falls in: on the plan's grid, which starts at {from}. */
const chartBucketOf = (ms: string) => `${ms} - positiveModulo(${ms} - {from:Int64}, {bucketMs:Int64})`;

/**
 * The stretches of the window read from each store: a plan over the raw readings reads [start, end)
 * from them; a plan over a level reads the level's whole buckets inside the window first, then the
 * ragged ends (under one level bucket each) from the ten-minute level and the raw readings
 * (`coverRange`), so the first and last chart buckets hold only the window's readings. Only the
 * finest level at the ends: each store read is a part of the statement (a few ms each on chDB),
 * and an end holds at most 144 ten-minute rows a series.
 */
export const windowSegments = (plan: ChartPlan): RangeSegment[] => {
  if (plan.level === null) return [{ level: null, fromMs: plan.startMs, toMs: plan.endMs }];
  const size = plan.level.seconds * 1000;
  const innerFrom = Math.ceil(plan.startMs / size) * size;
  const innerTo = Math.floor(plan.endMs / size) * size;
  const finest = AGGREGATE_LEVELS[0];
  if (innerFrom >= innerTo) return coverRange(plan.startMs, plan.endMs, finest);
  return [
    { level: plan.level, fromMs: innerFrom, toMs: innerTo },
    ...coverRange(plan.startMs, innerFrom, finest),
    ...coverRange(innerTo, plan.endMs, finest),
  ];
};

/**
 * Segments of one store (`indices`: their parameters f{i}, t{i}) grouped into the plan's chart
 * buckets, as the columns station_id, sensor_id, module_id, b, lo, hi, total, cnt, lv, lt (the
 * latest reading's value and time ms).
 */
const storePart = (level: RangeSegment['level'], indices: readonly number[], selection: BucketSelection): string => {
  const within = (column: string, at: (bound: string) => string) =>
    `(${indices.map((i) => `(${column} >= ${at(`{f${i}:Int64}`)} AND ${column} < ${at(`{t${i}:Int64}`)})`).join(' OR ')})`;
  return level === null
    ? `SELECT station_id, sensor_id, module_id, ${chartBucketOf('toUnixTimestamp64Milli(time)')} AS b,
              min(value) AS lo, max(value) AS hi, sum(value) AS total, count() AS cnt,
              argMax(value, time) AS lv, toUnixTimestamp64Milli(max(time)) AS lt
         FROM readings FINAL
        WHERE ${filters(selection)} AND ${within('time', (bound) => `fromUnixTimestamp64Milli(${bound}, 'UTC')`)}
        GROUP BY station_id, sensor_id, module_id, b`
    : `SELECT station_id, sensor_id, module_id, ${chartBucketOf('toUnixTimestamp64Milli(bucket)')} AS b,
              min(value_min) AS lo, max(value_max) AS hi, sum(value_sum) AS total, sum(value_count) AS cnt,
              argMax(value_last.2, value_last.1) AS lv, toUnixTimestamp64Milli(max(value_last.1)) AS lt
         FROM readings_${level.name}
        WHERE ${filters(selection)} AND ${within('bucket', wholeSecond)}
        GROUP BY station_id, sensor_id, module_id, b`;
};

/** One part per store the segments read (segment k's bounds are f{k + offset}, t{k + offset}). */
const storeParts = (segments: readonly RangeSegment[], offset: number, selection: BucketSelection): string[] => {
  const byStore = new Map<string, { level: RangeSegment['level']; indices: number[] }>();
  segments.forEach((segment, k) => {
    const name = segment.level?.name ?? 'raw';
    const store = byStore.get(name) ?? { level: segment.level, indices: [] };
    store.indices.push(k + offset);
    byStore.set(name, store);
  });
  return [...byStore.values()].map(({ level, indices }) => storePart(level, indices, selection));
};

/** The bounds of the segments as the parameters f{i}, t{i} their parts read. */
const segmentParams = (segments: readonly RangeSegment[]): Record<string, number> =>
  Object.fromEntries(segments.flatMap((s, i) => [[`f${i}`, s.fromMs] as const, [`t${i}`, s.toMs] as const]));

/**
 * The SELECT of a plan's buckets and its parameters (see readSensorBuckets): one grouped part per
 * segment of the window, regrouped by the engine when there are several (the ragged ends fold into
 * the first and last buckets: a few rows more to group, not a second query).
 */
const bucketQuery = (plan: ChartPlan, selection: BucketSelection, limit: number | undefined) => {
  const segments = windowSegments(plan);
  const parts = storeParts(segments, 0, selection);
  const inner = `SELECT station_id, sensor_id, module_id, b, min(lo) AS vmin, max(hi) AS vmax, sum(total) AS vsum, sum(cnt) AS n,
                        argMax(lv, lt) AS vlast, max(lt) AS tlast
                   FROM (${parts.join('\n UNION ALL \n')})
                  GROUP BY station_id, sensor_id, module_id, b`;
  const params = {
    stations: selection.stationIds,
    sensors: selection.sensorIds,
    from: plan.fromMs,
    bucketMs: plan.bucketSeconds * 1000,
    limit: limit ?? 0,
    ...segmentParams(segments),
  };
  return { inner, params, limit: limit === undefined ? '' : 'LIMIT {limit:UInt32}' };
};

/**
 * Level rows a window may be expected to hold (stations × sensors, eight when all are asked, ×
 * chart buckets × level buckets per chart bucket) for them to be read whole and regrouped here;
 * a larger window is regrouped by the engine: past a few thousand rows, decoding and folding them
 * here costs more than the engine's GROUP BY saves (docs/benchmarks.md).
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
 * the engine reads without sorting, at about half the engine time of its GROUP BY. A window with
 * ragged ends adds their parts (finer levels and raw readings, grouped into chart buckets: a few
 * rows a series), and the union is sorted in that order.
 */
const levelRowsQuery = (
  plan: ChartPlan & { level: NonNullable<ChartPlan['level']> },
  selection: BucketSelection,
  extra?: string,
) => {
  const [whole, ...ends] = windowSegments(plan);
  const extraColumn = extra ? `, toInt64(ifNull(${extra}, 0))` : '';
  const params = {
    stations: selection.stationIds,
    sensors: selection.sensorIds,
    from: plan.fromMs,
    bucketMs: plan.bucketSeconds * 1000,
    levelRows: LEVEL_ROWS_READ + 1,
    ...segmentParams([whole ?? { level: plan.level, fromMs: 0, toMs: 0 }, ...ends]),
  };
  const wholeRows = (columns: string) => `SELECT ${columns}
            FROM readings_${plan.level.name}
           WHERE ${filters(selection)}
             AND bucket >= ${wholeSecond('{f0:Int64}')} AND bucket < ${wholeSecond('{t0:Int64}')}`;
  if (ends.length === 0 && whole?.level === plan.level) {
    return {
      query: `${wholeRows(`toUInt32(station_id), toUInt32(module_id), toUInt32(sensor_id), toInt64(toUnixTimestamp64Milli(bucket)),
                 toFloat64(value_min), toFloat64(value_max), toFloat64(value_sum), toUInt64(value_count),
                 toFloat64(value_last.2), toInt64(toUnixTimestamp64Milli(value_last.1))${extraColumn}`)}
           ORDER BY station_id, sensor_id, bucket, module_id
           LIMIT {levelRows:UInt32} FORMAT RowBinary`,
      query_params: params,
    };
  }
  // No whole level bucket in the window (it straddles one): its segments are all ends.
  const segments = whole?.level === plan.level ? ends : [whole!, ...ends];
  const offset = whole?.level === plan.level ? 1 : 0;
  const parts = storeParts(segments, offset, selection).map(
    (part) => `SELECT station_id AS sid, module_id AS mid, sensor_id AS xid, b AS t, lo, hi, total, cnt, lv, lt FROM (${part})`,
  );
  if (offset === 1) {
    parts.unshift(
      wholeRows(`station_id AS sid, module_id AS mid, sensor_id AS xid, toUnixTimestamp64Milli(bucket) AS t,
                 toFloat64(value_min) AS lo, toFloat64(value_max) AS hi, toFloat64(value_sum) AS total, toUInt64(value_count) AS cnt,
                 toFloat64(value_last.2) AS lv, toUnixTimestamp64Milli(value_last.1) AS lt`),
    );
  }
  return {
    query: `SELECT toUInt32(sid), toUInt32(mid), toUInt32(xid), toInt64(t), toFloat64(lo), toFloat64(hi), toFloat64(total),
                   toUInt64(cnt), toFloat64(lv), toInt64(lt)${extraColumn}
              FROM (${parts.join('\n UNION ALL \n')})
             ORDER BY sid, xid, t, mid
             LIMIT {levelRows:UInt32} FORMAT RowBinary`,
    query_params: params,
  };
};

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
    } = regroupBucketRows(Buffer.concat(chunks), extra !== undefined, plan.bucketSeconds * 1000, plan.fromMs);
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
