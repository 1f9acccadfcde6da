import type { ClickHouseClient } from '@clickhouse/client';
import { aggregateBuildSpans, type AggregateSpan } from '@groundtruth/domain';
import { readingDays } from '@groundtruth/platform';
import type { ReadingBatch, SensorAggregates } from '@groundtruth/platform';
import { batchAggregates, type LevelRows } from './readings/batch-aggregates.js';
import type { ReadingsTarget, ReadingsWriter } from './readings/readings-writer.js';

/**
 * Readings whose aggregates this thread makes itself when not given them (imports, or decoding on the
 * loop): about 17 ms of the event loop (a station-year's 1.05 M took 150–190 ms). Larger batches
 * leave the build to the engine, which does not hold the loop.
 */
const MADE_HERE_READINGS = 100_000;

/**
 * Writes an ingestion's readings to ClickHouse and leaves every aggregate level equal to a direct
 * computation over `readings FINAL`. The caller holds the station's write lock (one write per
 * station at a time, across processes): what the aggregates held is read before they are built,
 * and an overlapping upload must not slip in between.
 *
 * The readings go into `readings` alone (in slices, see ReadingsWriter), then the aggregates of the
 * station's whole days from the first reading written to the last, once per write: the batch's own
 * when those are exact (below), else built at every level from `readings FINAL` (SensorAggregates),
 * where a reading inserted twice (an upload overlapping an earlier one, a reprocessing) is one row
 * and so counted once.
 *
 * - Readings repeated within the batch (a station re-sending records) are dropped before the
 *   insert, the last of each kept: the number answered is of distinct readings, and which value
 *   stays is the file's last rather than whichever the replacing merge keeps among equal versions.
 * - A first processing (not after an interruption) whose days held no reading of the station and
 *   hold no aggregates at any level (the common first upload) inserts the batch's own aggregates,
 *   made outside the engine (batchAggregates; by the decoding worker for station files, here for
 *   other batches up to MADE_HERE_READINGS, larger ones built by the engine as below): they are
 *   what building from `readings FINAL` would make, since those days hold the batch alone, and the
 *   engine is spared reading a year of readings back (measured: three quarters of its time for a
 *   station-year). One whose days hold some but whose time range held no reading of the station (an
 *   upload on the day of the previous one, an uplink) adds the batch's aggregates at every level the
 *   same way, with no deletes: chDB's synchronous deletes take seconds. Days holding readings
 *   without aggregates (a write stopped part way) are built from `readings FINAL`. Otherwise the
 *   build deletes what its days held at every level first.
 * - A write tried again after an interruption deletes and rebuilds whatever the check says: an
 *   earlier try may have stopped part way through a build.
 * - Processing again also drops the ingestion's rows of earlier versions that this version did
 *   not write again (a reading the newer code no longer accepts), and rebuilds their days too.
 */
export class ExactReadingsWrite {
  constructor(
    private readonly client: ClickHouseClient,
    private readonly writer: Pick<ReadingsWriter, 'write' | 'writeLevels'>,
    private readonly aggregates: Pick<SensorAggregates, 'build' | 'holds'>,
  ) {}

  /**
   * Answers the batch as written (without repeats). `repeatsDropped`: the caller already dropped
   * them (the decoder's worker). `afterInterruption`: an earlier try of this same write may have
   * stopped part way (a crash, a store gone mid-insert), leaving rows in `readings` and only some
   * aggregate levels built; its days are then deleted and rebuilt at every level. `aggregates`: the
   * batch's own aggregates (batchAggregates), made already (by the decoding worker), else made here
   * when they are the ones to insert.
   */
  async write(
    target: ReadingsTarget,
    given: ReadingBatch,
    options: { repeatsDropped?: boolean; afterInterruption?: boolean; aggregates?: readonly LevelRows[] | null } = {},
  ): Promise<ReadingBatch> {
    const { stationId, ingestionId, version } = target;
    const batch = options.repeatsDropped ? given : given.withoutRepeats();
    // Read before the insert: the days of the rows of earlier versions, which may not all be written
    // again; and whether every reading of a first try is new (its time range held none of the station's).
    const earlier = version > 1 ? await this.earlierVersionsDays(target) : [];
    // Anything else (a reprocessing, a try after an interruption) may store readings again: a replace.
    const firstTry = version === 1 && !options.afterInterruption;
    // Whole days: then no bucket of any level holds a reading of the station but the batch's.
    const daysEmpty = firstTry && batch.length > 0 && (await this.noReadingsIn(stationId, aggregateBuildSpans(batch.days())));
    const allNew =
      firstTry &&
      (daysEmpty ||
        batch.start === null ||
        batch.end === null ||
        (await this.noReadingsIn(stationId, [{ fromMs: batch.start, toMs: batch.end + 1 }])));
    await this.writer.write(target, batch);
    if (version > 1) {
      await this.client.command({
        query: `DELETE FROM readings WHERE station_id = {station:UInt32} AND ingestion_id = {ingestion:UInt64} AND version < {version:UInt64}`,
        query_params: { station: stationId, ingestion: ingestionId, version },
        clickhouse_settings: { lightweight_deletes_sync: '2' },
      });
    }
    const days = [...new Set([...batch.days(), ...earlier])].sort((a, b) => a - b);
    if (days.length > 0) {
      // Checked after the insert, which does not touch the aggregates.
      const held = !firstTry || (await this.aggregates.holds(stationId, days));
      // New days holding the batch alone, or readings all new (a delta): the batch's aggregates are the build's.
      const own = held ? allNew : daysEmpty;
      const made = own ? (options.aggregates ?? (batch.length <= MADE_HERE_READINGS ? batchAggregates(batch) : null)) : null;
      if (made) await this.writer.writeLevels(stationId, made);
      else
        await this.aggregates.build(stationId, days, !held ? 'fresh' : allNew ? { delta: { ingestionId, version } } : 'replace');
    }
    return batch;
  }

  /** Whether the station has no readings in any of the spans ([fromMs, toMs)). */
  private async noReadingsIn(stationId: number, spans: readonly AggregateSpan[]): Promise<boolean> {
    if (spans.length === 0) return true;
    const within = spans
      .map((s) => `(time >= fromUnixTimestamp64Milli(${s.fromMs}, 'UTC') AND time < fromUnixTimestamp64Milli(${s.toMs}, 'UTC'))`)
      .join(' OR ');
    const result = await this.client.query({
      query: `SELECT 1 FROM readings WHERE station_id = {station:UInt32} AND (${within}) LIMIT 1`,
      query_params: { station: stationId },
      format: 'JSONCompactEachRow',
    });
    return (await result.json()).length === 0;
  }

  /** The days (aggregateDayOf) holding the ingestion's rows written by earlier versions. */
  private earlierVersionsDays({ stationId, ingestionId, version }: ReadingsTarget): Promise<number[]> {
    return readingDays(
      { client: this.client, othersFirst: () => Promise.resolve() },
      stationId,
      'ingestion_id = {ingestion:UInt64} AND version < {version:UInt64}',
      { ingestion: ingestionId, version },
    );
  }
}
