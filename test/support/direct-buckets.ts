import type { ClickHouseClient } from '@clickhouse/client';
import { AGGREGATE_LEVELS } from '../../libs/domain/src/index.js';

/** A reading of a station, as the tests that check aggregate levels read them back. */
export type ReadingRow = { station: number; module: number; sensor: number; time: number; value: number };

/** One aggregate bucket, keyed `station/sensor/module/bucket start (ms)`. */
export type Bucket = { key: string; min: number; max: number; sum: number; count: number; lastTime: number; last: number };

/**
 * The buckets of `seconds` a direct computation over the readings gives (floored buckets, the
 * latest reading by time then value, as ClickHouse's max((time, value))), ordered by key: what
 * every aggregate level must equal.
 */
export const directBuckets = (rows: readonly ReadingRow[], seconds: number): Bucket[] => {
  const groups = new Map<string, ReadingRow[]>();
  for (const r of rows) {
    const key = `${r.station}/${r.sensor}/${r.module}/${Math.floor(r.time / (seconds * 1000)) * seconds * 1000}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups]
    .map(([key, members]) => {
      const latest = members.reduce((a, b) => (b.time > a.time || (b.time === a.time && b.value > a.value) ? b : a));
      return {
        key,
        min: Math.min(...members.map((m) => m.value)),
        max: Math.max(...members.map((m) => m.value)),
        sum: members.reduce((s, m) => s + m.value, 0),
        count: members.length,
        lastTime: latest.time,
        last: latest.value,
      };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
};

/** How many buckets of one aggregate level differ from a direct computation, in all and in each field. */
export type LevelDifference = {
  level: string;
  buckets: number;
  count: number;
  sum: number;
  min: number;
  max: number;
  last: number;
};

/**
 * The aggregate levels whose buckets (per station, sensor, module and bucket: count, sum, min, max
 * and the latest reading by time then value) differ from a direct computation over
 * `readings FINAL`, with how many buckets differ in all and in each field; empty when exact. Sums
 * to a millionth (added in another order), the rest exactly. In SQL, so it holds for millions of
 * readings.
 */
export const aggregateDifferences = async (client: ClickHouseClient): Promise<LevelDifference[]> => {
  const differing: LevelDifference[] = [];
  for (const level of AGGREGATE_LEVELS) {
    const ms = level.seconds * 1000;
    const rows = await client.query({
      query: `SELECT countIf(dc OR ds OR dmin OR dmax OR dlast) AS buckets, countIf(dc) AS count, countIf(ds) AS sum,
                     countIf(dmin) AS min, countIf(dmax) AS max, countIf(dlast) AS last
                FROM (
                  SELECT a.c != d.c AS dc, abs(a.s - d.s) > 1e-6 * greatest(1, abs(d.s)) AS ds,
                         a.lo != d.lo AS dmin, a.hi != d.hi AS dmax, a.l != d.l AS dlast
                    FROM (
                      SELECT station_id, sensor_id, module_id, toUnixTimestamp64Milli(bucket) AS b,
                             sum(value_count) AS c, sum(value_sum) AS s, min(value_min) AS lo, max(value_max) AS hi,
                             max(value_last) AS l
                        FROM readings_${level.name} GROUP BY station_id, sensor_id, module_id, b) AS a
                    FULL OUTER JOIN (
                      SELECT station_id, sensor_id, module_id,
                             toUnixTimestamp64Milli(time) - positiveModulo(toUnixTimestamp64Milli(time), ${ms}) AS b,
                             toUInt64(count()) AS c, sum(value) AS s, min(value) AS lo, max(value) AS hi,
                             max((time, value)) AS l
                        FROM readings FINAL GROUP BY station_id, sensor_id, module_id, b) AS d
                    USING (station_id, sensor_id, module_id, b))`,
      format: 'JSONEachRow',
    });
    const r = (await rows.json<Record<keyof Omit<LevelDifference, 'level'>, string>>())[0]!;
    const d = {
      level: level.name,
      buckets: Number(r.buckets),
      count: Number(r.count),
      sum: Number(r.sum),
      min: Number(r.min),
      max: Number(r.max),
      last: Number(r.last),
    };
    if (d.buckets > 0) differing.push(d);
  }
  return differing;
};
