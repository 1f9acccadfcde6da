import type { TestApp } from './test-app.js';

/** One reading to put straight into ClickHouse (module 5, as the tests' stations carry it). */
export type TestReading = { readonly station: number; readonly sensor: number; readonly time: number; readonly value: number };

/**
 * Readings written straight into ClickHouse's `readings` (its aggregate levels follow by themselves),
 * for suites about what is read back rather than about uploads. `time` is epoch milliseconds.
 */
export const insertReadings = (sut: Pick<TestApp, 'runtime'>, readings: readonly TestReading[]): Promise<unknown> =>
  sut.runtime.clickhouse.client.insert({
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
