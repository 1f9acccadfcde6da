import type { ClickHouseClient } from '@clickhouse/client';
import { Inject, Injectable } from '@nestjs/common';
import { AGGREGATE_LEVELS } from '@groundtruth/domain';
import { CLICKHOUSE, type ClickHouse } from '@groundtruth/platform';

/** Days (UTC, `YYYY-MM-DD`) rebuilt for one station. */
export type RebuiltDays = { readonly stationId: number; readonly days: readonly string[] };

const DAY_MS = 86_400_000;
const MAX_ROUNDS = 3;

/** The finest level: the only one filled from readings; the levels above cascade from it (003_cascaded_aggregates.sql). */
const FINEST = AGGREGATE_LEVELS[0];

/**
 * The start of a reading's finest-level bucket, a multiple of its size since the epoch (a floor,
 * before 1970 too), as in the view of 004_aggregates_from_1900.sql.
 */
const finestBucketSql = `fromUnixTimestamp64Milli(toUnixTimestamp64Milli(time) - positiveModulo(toUnixTimestamp64Milli(time), ${FINEST.seconds * 1000}), 'UTC')`;

/** The SELECT of the finest level's materialized view, over any source of readings. */
export const finestLevelSelectSql = (from: string): string => `
  SELECT station_id, sensor_id, module_id,
         ${finestBucketSql} AS bucket,
         min(value) AS value_min, max(value) AS value_max, sum(value) AS value_sum, count() AS value_count,
         max((time, value)) AS value_last
    FROM ${from}
   GROUP BY station_id, sensor_id, module_id, bucket`;

/**
 * Keeps the aggregate tables (`readings_10m` … `readings_1d`) equal to `readings FINAL`.
 *
 * The materialized views add every inserted block, so a reading inserted twice (a reprocessed
 * ingestion writes its readings again with a higher version; an upload may overlap an earlier one)
 * counts twice until reconciled, while `readings` keeps one row per key. A ten-minute bucket whose
 * count in `readings_10m` differs from `readings FINAL` is exactly one holding such a duplicate (or
 * a reading removed since), so `reconcile` compares the counts over a time range and rebuilds the
 * days holding a difference, at every level, from `readings FINAL`. Whoever writes readings calls
 * it for the stations and the time range written, after the insert, unless it knows the range held
 * no readings before (ingestion checks); a first upload of new readings finds nothing to rebuild.
 *
 * Rebuilding deletes the day's rows at every level and inserts them again into `readings_10m`,
 * whose views refill the coarser levels; readings inserted meanwhile may be counted twice, which
 * the next round's comparison finds and fixes.
 */
@Injectable()
export class SensorAggregates {
  private readonly client: ClickHouseClient;

  constructor(@Inject(CLICKHOUSE) clickhouse: Pick<ClickHouse, 'client'>) {
    this.client = clickhouse.client;
  }

  static over(client: ClickHouseClient): SensorAggregates {
    return new SensorAggregates({ client });
  }

  /**
   * Makes the aggregates of the stations' readings in [fromMs, toMs) exact again; answers the days
   * it rebuilt. Without stations, every station.
   */
  async reconcile(stationIds: readonly number[] | null, fromMs: number, toMs: number): Promise<RebuiltDays[]> {
    const rebuilt = new Map<number, Set<string>>();
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const stale = await this.staleDays(stationIds, fromMs, toMs);
      if (stale.length === 0) break;
      for (const { stationId, days } of stale) {
        await this.rebuildDays(stationId, days);
        const seen = rebuilt.get(stationId) ?? new Set<string>();
        days.forEach((d) => seen.add(d));
        rebuilt.set(stationId, seen);
      }
    }
    return [...rebuilt].map(([stationId, days]) => ({ stationId, days: [...days].sort() }));
  }

  /** Recomputes a station's buckets of whole days at every level from `readings FINAL`. */
  async rebuildDays(stationId: number, days: readonly string[]): Promise<void> {
    if (days.length === 0) return;
    const params = { station: stationId, days };
    for (const level of AGGREGATE_LEVELS) {
      await this.client.command({
        query: `DELETE FROM readings_${level.name} WHERE station_id = {station:UInt32} AND toDate32(bucket) IN {days:Array(Date32)}`,
        query_params: params,
        clickhouse_settings: { lightweight_deletes_sync: '2' },
      });
    }
    // Whole days at the finest level: its views refill the same days of every coarser level.
    await this.client.command({
      query: `INSERT INTO readings_${FINEST.name} ${finestLevelSelectSql(
        '(SELECT * FROM readings FINAL WHERE station_id = {station:UInt32} AND toDate32(time) IN {days:Array(Date32)})',
      )}`,
      query_params: params,
    });
  }

  /** Recomputes every aggregate of a station's readings in [fromMs, toMs) (whole days). */
  async rebuildRange(stationId: number, fromMs: number, toMs: number): Promise<void> {
    const days: string[] = [];
    for (let t = Math.floor(fromMs / DAY_MS) * DAY_MS; t < toMs; t += DAY_MS) days.push(new Date(t).toISOString().slice(0, 10));
    await this.rebuildDays(stationId, days);
  }

  /** Per station, the days holding a ten-minute bucket whose aggregate count differs from the readings'. */
  private async staleDays(stationIds: readonly number[] | null, fromMs: number, toMs: number): Promise<RebuiltDays[]> {
    const step = FINEST.seconds * 1000;
    const fromBucket = Math.floor(fromMs / step) * step;
    const toBucket = Math.ceil(toMs / step) * step;
    const stations = stationIds === null ? '' : 'AND station_id IN {stations:Array(UInt32)}';
    const result = await this.client.query({
      query: `
        SELECT station_id, groupUniqArray(toString(toDate32(bucket))) AS days
          FROM (
            SELECT station_id, sensor_id, module_id, bucket, sum(value_count) AS n
              FROM readings_${FINEST.name}
             WHERE bucket >= fromUnixTimestamp64Milli({from:Int64}, 'UTC') AND bucket < fromUnixTimestamp64Milli({to:Int64}, 'UTC') ${stations}
             GROUP BY station_id, sensor_id, module_id, bucket
          ) AS a
          FULL OUTER JOIN (
            SELECT station_id, sensor_id, module_id,
                   ${finestBucketSql} AS bucket, count() AS n
              FROM readings FINAL
             WHERE time >= fromUnixTimestamp64Milli({from:Int64}, 'UTC') AND time < fromUnixTimestamp64Milli({to:Int64}, 'UTC') ${stations}
             GROUP BY station_id, sensor_id, module_id, bucket
          ) AS r USING (station_id, sensor_id, module_id, bucket)
         WHERE a.n != r.n
         GROUP BY station_id`,
      query_params: { from: fromBucket, to: toBucket, stations: stationIds ?? [] },
      format: 'JSONEachRow',
    });
    const rows = await result.json<{ station_id: number | string; days: string[] }>();
    return rows.map((row) => ({ stationId: Number(row.station_id), days: row.days.sort() }));
  }
}
