import type { ClickHouseClient } from '@clickhouse/client';
import { Inject, Injectable } from '@nestjs/common';
import { CLICKHOUSE, PG_POOL, type ClickHouse, type PgPool } from '@groundtruth/platform';

/** The recent window the map may ask for is at most 72 hours; an hour more covers its first bucket. */
export const RECENT_KEPT_HOURS = 73;
const HOUR_MS = 3_600_000;

type LatestRow = { module_id: string | number; sensor_id: string | number; n: string | number; t: string | number; v: number };
type RecentRow = {
  module_id: string | number;
  sensor_id: string | number;
  b: string | number;
  m: number;
  lo: number;
  s: number;
  n: string | number;
  lt: string | number;
  lv: number;
};

/**
 * What pages show about a station's readings, kept in Postgres (`gt_sensor_latest`, `gt_sensor_recent`,
 * migrations 028 and 023) so the page path never asks ClickHouse: each module sensor's latest reading and
 * count of readings, and the ten-minute buckets of the last RECENT_KEPT_HOURS (highest, lowest, sum,
 * count and latest reading: the map's recent highest and GET /sensors/data/recently's windows).
 *
 * The ingestion processor refreshes a station after writing its readings and before recording the
 * processing, under the station's ingestion lock: the rows are read whole from the station's aggregate
 * levels (the same ones the charts read), so a refresh done again (a processing repeated after a crash,
 * a reprocessing that wrote fewer readings) leaves exactly what ClickHouse holds. A refresh that fails
 * fails the processing, which is then done again: no upload is recorded processed with its summary behind.
 */
@Injectable()
export class StationReadingsSummary {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
  ) {}

  async refresh(stationId: number, now: number = Date.now()): Promise<void> {
    const client = this.clickhouse.client;
    const since = Math.floor((now - RECENT_KEPT_HOURS * HOUR_MS) / 1000);
    const [latest, recent] = await Promise.all([
      rows<LatestRow>(
        client,
        `SELECT module_id, sensor_id, sum(value_count) AS n, toUnixTimestamp64Milli(max(value_last.1)) AS t,
                argMax(value_last.2, value_last.1) AS v
           FROM readings_1d WHERE station_id = {station:UInt32}
          GROUP BY module_id, sensor_id HAVING n > 0`,
        { station: stationId },
      ),
      rows<RecentRow>(
        client,
        `SELECT module_id, sensor_id, toUnixTimestamp(bucket) AS b, max(value_max) AS m, min(value_min) AS lo,
                sum(value_sum) AS s, sum(value_count) AS n, toUnixTimestamp64Milli(max(value_last.1)) AS lt,
                argMax(value_last.2, value_last.1) AS lv
           FROM readings_10m WHERE station_id = {station:UInt32} AND bucket >= toDateTime64({since:Int64}, 0, 'UTC')
          GROUP BY module_id, sensor_id, bucket HAVING sum(value_count) > 0`,
        { station: stationId, since },
      ),
    ]);
    const db = await this.pool.connect();
    try {
      await db.query('BEGIN');
      await db.query('DELETE FROM gt_sensor_latest WHERE station_id = $1', [stationId]);
      await db.query('DELETE FROM gt_sensor_recent WHERE station_id = $1', [stationId]);
      if (latest.length > 0) {
        await db.query(
          `INSERT INTO gt_sensor_latest (station_id, module_id, sensor_id, last_time, last_value, samples)
           SELECT $1, m, s, to_timestamp(t / 1000.0), v, n
             FROM unnest($2::bigint[], $3::int[], $4::bigint[], $5::float8[], $6::bigint[]) AS u(m, s, t, v, n)`,
          [
            stationId,
            latest.map((r) => Number(r.module_id)),
            latest.map((r) => Number(r.sensor_id)),
            latest.map((r) => Number(r.t)),
            latest.map((r) => Number(r.v)),
            latest.map((r) => Number(r.n)),
          ],
        );
      }
      if (recent.length > 0) {
        await db.query(
          `INSERT INTO gt_sensor_recent (station_id, module_id, sensor_id, bucket, value_max, value_min, value_sum, value_count,
                                         last_time, last_value)
           SELECT $1, m, s, to_timestamp(b), x, lo, su, n, to_timestamp(lt / 1000.0), lv
             FROM unnest($2::bigint[], $3::int[], $4::bigint[], $5::float8[], $6::float8[], $7::float8[], $8::bigint[],
                         $9::bigint[], $10::float8[]) AS u(m, s, b, x, lo, su, n, lt, lv)`,
          [
            stationId,
            recent.map((r) => Number(r.module_id)),
            recent.map((r) => Number(r.sensor_id)),
            recent.map((r) => Number(r.b)),
            recent.map((r) => Number(r.m)),
            recent.map((r) => Number(r.lo)),
            recent.map((r) => Number(r.s)),
            recent.map((r) => Number(r.n)),
            recent.map((r) => Number(r.lt)),
            recent.map((r) => Number(r.lv)),
          ],
        );
      }
      await db.query('COMMIT');
    } catch (error) {
      await db.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      db.release();
    }
  }

  /**
   * Stations whose readings ClickHouse holds but the summary does not know (readings written before
   * the summary existed); the caller refreshes each under the station's lock.
   */
  async missing(): Promise<number[]> {
    const held = await rows<{ station_id: string | number }>(
      this.clickhouse.client,
      'SELECT DISTINCT station_id FROM readings_1d',
      {},
    );
    if (held.length === 0) return [];
    const known = await this.pool.query<{ station_id: string }>('SELECT DISTINCT station_id FROM gt_sensor_latest');
    const have = new Set(known.rows.map((r) => Number(r.station_id)));
    return held.map((r) => Number(r.station_id)).filter((id) => !have.has(id));
  }
}

async function rows<T>(client: ClickHouseClient, query: string, query_params: Record<string, unknown>): Promise<T[]> {
  const result = await client.query({ query, query_params, format: 'JSONEachRow' });
  return result.json<T>();
}
