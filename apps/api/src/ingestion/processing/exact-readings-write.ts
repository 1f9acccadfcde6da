import type { ClickHouseClient } from '@clickhouse/client';
import { SensorAggregates } from '../../sensors/aggregates/sensor-aggregates.js';
import type { ReadingBatch } from '../../sensors/readings/reading-batch.js';
import type { ReadingsTarget, ReadingsWriter } from '../../sensors/readings/readings-writer.js';

const DAY_MS = 86_400_000;

/**
 * Writes an ingestion's readings to ClickHouse and leaves every aggregate level equal to a direct
 * computation over `readings FINAL`. The caller holds the station's write lock (one write per
 * station at a time, across processes): whether the time range already held readings is read
 * before the insert, and an overlapping upload must not slip in between.
 *
 * - Readings repeated within the batch (a station re-sending records) are dropped before the
 *   insert, the last of each kept: `readings` would keep one, but its views would count each.
 * - A first processing whose time range held no readings of the station then adds new readings
 *   only: the views count each once, nothing to reconcile (the common case, and the fast one).
 * - Otherwise (the range held readings: an overlapping upload, CSV or uplink) some readings may
 *   have been inserted twice: the range is reconciled.
 * - A write tried again after an interruption rebuilds every day of its range at every level: the
 *   views of the cascade may have counted part of the earlier try, or a rebuild may have stopped
 *   between levels (both seen by the fault test), and the ten-minute counts cannot always tell.
 * - Processing again also drops the ingestion's rows of earlier versions that this version did
 *   not write again (a reading the newer code no longer accepts), and reconciles their range.
 */
export class ExactReadingsWrite {
  constructor(
    private readonly client: ClickHouseClient,
    private readonly writer: Pick<ReadingsWriter, 'write'>,
  ) {}

  /**
   * Answers the batch as written (without repeats). `repeatsDropped`: the caller already dropped
   * them (the decoder's worker). `afterInterruption`: an earlier try of this same write may have
   * stopped part way (a crash, a store gone mid-insert), leaving rows in `readings` and only some
   * aggregate levels; every day of the range is then rebuilt whatever the aggregates say.
   */
  async write(
    target: ReadingsTarget,
    given: ReadingBatch,
    options: { repeatsDropped?: boolean; afterInterruption?: boolean } = {},
  ): Promise<ReadingBatch> {
    const { stationId, ingestionId, version } = target;
    const batch = options.repeatsDropped ? given : given.withoutRepeats();
    let from = batch.start;
    let to = batch.end;
    let reconcile = version > 1;
    if (version > 1) {
      const earlier = await this.earlierVersionsRange(target);
      if (earlier !== null) {
        from = Math.min(from ?? earlier.from, earlier.from);
        to = Math.max(to ?? earlier.to, earlier.to);
      }
    } else if (options.afterInterruption) {
      reconcile = true;
    } else if (batch.start !== null && batch.end !== null) {
      reconcile = await this.holdsReadings(stationId, batch.start, batch.end);
    }
    await this.writer.write(target, batch);
    if (version > 1) {
      await this.client.command({
        query: `DELETE FROM readings WHERE station_id = {station:UInt32} AND ingestion_id = {ingestion:UInt64} AND version < {version:UInt64}`,
        query_params: { station: stationId, ingestion: ingestionId, version },
        clickhouse_settings: { lightweight_deletes_sync: '2' },
      });
    }
    if (from !== null && to !== null) {
      // After an interruption every day of the range is rebuilt, not only the days whose ten-minute
      // counts differ: a try killed between the levels (a rebuild's deletes done for the finer levels
      // only, a view's insert half way) can leave the ten-minute level exact and the coarser ones not
      // (seen by the fault test: hours, six hours and days doubled over a whole upload).
      if (options.afterInterruption) await SensorAggregates.over(this.client).rebuildRange(stationId, from, to + 1);
      else if (reconcile) await SensorAggregates.over(this.client).reconcile([stationId], from, to + 1);
    }
    return batch;
  }

  /** Whether the station has readings in [fromMs, toMs] (whole days, from the daily aggregates). */
  private async holdsReadings(stationId: number, fromMs: number, toMs: number): Promise<boolean> {
    const result = await this.client.query({
      query: `SELECT 1 FROM readings_1d
               WHERE station_id = {station:UInt32}
                 AND bucket >= fromUnixTimestamp64Milli({from:Int64}, 'UTC')
                 AND bucket <= fromUnixTimestamp64Milli({to:Int64}, 'UTC')
               LIMIT 1`,
      query_params: { station: stationId, from: Math.floor(fromMs / DAY_MS) * DAY_MS, to: toMs },
      format: 'JSONCompactEachRow',
    });
    return (await result.json()).length > 0;
  }

  /** The time range of the ingestion's rows written by earlier versions, or null. */
  private async earlierVersionsRange({
    stationId,
    ingestionId,
    version,
  }: ReadingsTarget): Promise<{ from: number; to: number } | null> {
    const result = await this.client.query({
      query: `SELECT count() AS n, toUnixTimestamp64Milli(min(time)) AS f, toUnixTimestamp64Milli(max(time)) AS t FROM readings
               WHERE station_id = {station:UInt32} AND ingestion_id = {ingestion:UInt64} AND version < {version:UInt64}`,
      query_params: { station: stationId, ingestion: ingestionId, version },
      format: 'JSONEachRow',
    });
    const [row] = await result.json<{ n: string | number; f: string | number; t: string | number }>();
    return row && Number(row.n) > 0 ? { from: Number(row.f), to: Number(row.t) } : null;
  }
}
