import type { ClickHouseClient } from '@clickhouse/client';
import type pg from 'pg';

/** One way the page path's readings summary (migration 028) differs from the readings themselves. */
export type SummaryDifference = { table: string; key: string; kept: string | null; direct: string | null };

const TEN_MINUTES_MS = 600_000;
const KEPT_HOURS = 73;

/**
 * Compares `gt_sensor_latest` (each station module sensor's count of readings and latest reading) and
 * `gt_sensor_recent` (ten-minute maxima of the last 73 hours, from the first whole bucket of that span
 * as of `now`) with a direct computation over `readings FINAL`: what the processing must leave.
 */
export const summaryDifferences = async (pool: pg.Pool, ch: ClickHouseClient, now: number): Promise<SummaryDifference[]> => {
  const since = Math.ceil((now - KEPT_HOURS * 3_600_000) / TEN_MINUTES_MS) * TEN_MINUTES_MS;
  const direct = async (query: string) =>
    (await (await ch.query({ query, format: 'JSONEachRow' })).json<Record<string, string | number>>()).map(
      (r) => [String(r['k']), String(r['v'])] as const,
    );
  const latestDirect = await direct(
    `SELECT concat(toString(station_id), '/', toString(module_id), '/', toString(sensor_id)) AS k,
            concat(toString(count()), ' ', toString(toUnixTimestamp64Milli(max(time))), ' ', toString(argMax(value, time))) AS v
       FROM readings FINAL GROUP BY station_id, module_id, sensor_id`,
  );
  const recentDirect = await direct(
    `SELECT concat(toString(station_id), '/', toString(module_id), '/', toString(sensor_id), '/',
                   toString(toUnixTimestamp(toStartOfInterval(time, INTERVAL 10 MINUTE)) * 1000)) AS k,
            toString(max(value)) AS v
       FROM readings FINAL WHERE time >= fromUnixTimestamp64Milli(${since}, 'UTC')
      GROUP BY station_id, module_id, sensor_id, toStartOfInterval(time, INTERVAL 10 MINUTE)`,
  );
  const latestKept = (
    await pool.query<{ k: string; n: string; t: string; v: number }>(
      `SELECT station_id || '/' || module_id || '/' || sensor_id AS k, samples AS n,
              (extract(epoch FROM last_time) * 1000)::bigint AS t, last_value AS v FROM gt_sensor_latest`,
    )
  ).rows.map((r) => [r.k, `${r.n} ${r.t} ${String(r.v)}`] as const);
  const recentKept = (
    await pool.query<{ k: string; v: number }>(
      `SELECT station_id || '/' || module_id || '/' || sensor_id || '/' || (extract(epoch FROM bucket) * 1000)::bigint AS k,
              value_max AS v FROM gt_sensor_recent WHERE bucket >= $1`,
      [new Date(since)],
    )
  ).rows.map((r) => [r.k, String(r.v)] as const);
  return [...compare('gt_sensor_latest', latestKept, latestDirect), ...compare('gt_sensor_recent', recentKept, recentDirect)];
};

const compare = (
  table: string,
  kept: readonly (readonly [string, string])[],
  direct: readonly (readonly [string, string])[],
): SummaryDifference[] => {
  const a = new Map(kept);
  const b = new Map(direct);
  return [...new Set([...a.keys(), ...b.keys()])]
    .sort()
    .filter((key) => !sameValues(a.get(key), b.get(key)))
    .map((key) => ({ table, key, kept: a.get(key) ?? null, direct: b.get(key) ?? null }));
};

/** Each space-separated part equal as a number (ClickHouse and Postgres print floats differently). */
const sameValues = (x: string | undefined, y: string | undefined): boolean => {
  if (x === undefined || y === undefined) return false;
  const xs = x.split(' ');
  const ys = y.split(' ');
  return xs.length === ys.length && xs.every((part, i) => Number(part) === Number(ys[i]));
};
