import { rebuildStoredAggregates } from '../../libs/platform/src/index.js';
import { StationReadingsSummary } from '../../apps/projector/src/ingestion/readings/station-readings-summary.js';
import type { TestApp } from './test-app.js';

/** One reading to put straight into ClickHouse (module 5, as the tests' stations carry it). */
export type TestReading = { readonly station: number; readonly sensor: number; readonly time: number; readonly value: number };

/**
 * Readings written straight into ClickHouse's `readings`, then their stations' aggregate levels
 * built as a write builds them (`rebuildStoredAggregates`), for suites about what is read back
 * rather than about uploads. `time` is epoch milliseconds.
 */
export const insertReadings = async (sut: Pick<TestApp, 'runtime'>, readings: readonly TestReading[]): Promise<void> => {
  await sut.runtime.clickhouse.client.insert({
    table: 'readings',
    format: 'JSONEachRow',
    values: readings.map((r) => ({
      station_id: r.station,
      module_id: 5,
      sensor_id: r.sensor,
      time: new Date(r.time).toISOString(),
      value: r.value,
      ingestion_id: 1,
      version: 1,
    })),
  });
  await rebuildStoredAggregates(sut.runtime.clickhouse, [...new Set(readings.map((r) => r.station))]);
};

/**
 * The page path's readings summary (gt_sensor_latest, gt_sensor_recent) of these stations made again
 * from what ClickHouse holds, as the ingestion processing does after a write: readings put in with
 * insertReadings go straight to ClickHouse and are not summarised otherwise.
 */
export const summariseReadings = async (sut: Pick<TestApp, 'app'>, stationIds: readonly number[]): Promise<void> => {
  const summary = sut.app.get(StationReadingsSummary, { strict: false });
  for (const id of stationIds) await summary.refresh(id);
};
