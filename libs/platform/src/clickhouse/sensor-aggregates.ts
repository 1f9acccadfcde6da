import { Inject, Injectable } from '@nestjs/common';
import { aggregateBuildSpans } from '@groundtruth/domain';
import { CLICKHOUSE } from '../nest/runtime.module.js';
import { buildAggregates, holdsAggregates, type AggregatesEngine, type BuildAggregatesOptions } from './reading-aggregates.js';

/**
 * The aggregate levels (`readings_10m` … `readings_1d`) of the readings a write put in: built by
 * the writer once per write over its station's whole days, from `readings FINAL`, so exact by
 * construction (reading-aggregates.ts). No view adds inserted blocks
 * any more (005_aggregates_built_per_write.sql), so a reading inserted twice is never counted twice.
 */
@Injectable()
export class SensorAggregates {
  /** Days per slice of a build (AGGREGATE_BUILD_SLICE_DAYS unless a test or a bench sets it). */
  sliceDays: number | undefined = undefined;
  /** Days per slice of the finest level (FINEST_BUILD_SLICE_DAYS unless a test or a bench sets it). */
  finestSliceDays: number | undefined = undefined;

  constructor(@Inject(CLICKHOUSE) private readonly clickhouse: AggregatesEngine) {}

  /** Whether any level holds aggregates of the station on the days (aggregateDayOf) a build of them covers. */
  holds(stationId: number, days: readonly number[]): Promise<boolean> {
    return holdsAggregates(this.clickhouse, stationId, aggregateBuildSpans(days, this.sliceDays));
  }

  /**
   * Makes every level of the station's days (aggregateDayOf) equal to `readings FINAL`, as the
   * caller found them holding the station's write lock (BuildAggregatesOptions' `mode`): `fresh`,
   * the days hold no aggregates; a delta, the write's readings were all new; else `replace`.
   */
  async build(stationId: number, days: readonly number[], mode: BuildAggregatesOptions['mode']): Promise<void> {
    await buildAggregates(this.clickhouse, stationId, days, {
      mode,
      ...(this.sliceDays === undefined ? {} : { sliceDays: this.sliceDays }),
      ...(this.finestSliceDays === undefined ? {} : { finestSliceDays: this.finestSliceDays }),
    });
  }
}
