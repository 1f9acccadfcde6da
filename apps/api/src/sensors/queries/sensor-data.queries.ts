import type { ClickHouseClient } from '@clickhouse/client';
import { Inject, Injectable } from '@nestjs/common';
import { aggregationOf, bucketValue, planChartQuery, type Actor } from '@groundtruth/domain';
import type { SensorData, SensorDataQuery, SensorDataRow } from '@groundtruth/contracts';
import { RUNTIME, type Runtime } from '@groundtruth/platform';
import { StationAccessQueries } from '../../stations/queries/station-access.js';
import { readDataEnd, readSensorBuckets, type SensorBucket } from './sensor-buckets.js';

const toRow = (bucket: SensorBucket): SensorDataRow => ({
  time: bucket.time,
  stationId: bucket.stationId,
  moduleId: bucket.moduleId,
  sensorId: bucket.sensorId,
  value: bucketValue(bucket, aggregationOf(bucket.sensorId)),
  avg: bucket.sum / bucket.count,
  min: bucket.min,
  max: bucket.max,
  last: bucket.last,
  samples: bucket.count,
});

/** Every bucket of the window for each series that has data in it, empty ones as nulls. */
export const fillBuckets = (rows: readonly SensorDataRow[], fromMs: number, toMs: number, bucketMs: number): SensorDataRow[] => {
  const series = new Map<string, Map<number, SensorDataRow>>();
  for (const row of rows) {
    const key = `${row.stationId}/${row.moduleId}/${row.sensorId}`;
    const byTime = series.get(key) ?? new Map<number, SensorDataRow>();
    byTime.set(row.time, row);
    series.set(key, byTime);
  }
  const filled: SensorDataRow[] = [];
  for (const [key, byTime] of series) {
    const [stationId, moduleId, sensorId] = key.split('/').map(Number) as [number, number, number];
    for (let time = fromMs; time < toMs; time += bucketMs) {
      filled.push(
        byTime.get(time) ?? {
          time,
          stationId,
          moduleId,
          sensorId,
          value: null,
          avg: null,
          min: null,
          max: null,
          last: null,
          samples: 0,
        },
      );
    }
  }
  return filled;
};

/** Chart data (GET /sensors/data), after checking that the asker may read every station named. */
@Injectable()
export class SensorDataQueries {
  private readonly client: ClickHouseClient;

  constructor(
    @Inject(RUNTIME) runtime: Runtime,
    private readonly access: StationAccessQueries,
  ) {
    this.client = runtime.clickhouse.client;
  }

  async data(query: SensorDataQuery, actor: Actor): Promise<SensorData> {
    const stationIds = [...new Set(query.stations)].sort((a, b) => a - b);
    for (const id of stationIds) await this.access.authorizeRead(id, actor);
    const selection = { stationIds, sensorIds: [...new Set(query.sensors ?? [])] };
    const plan = planChartQuery(query.start, query.end, query.resolution);
    const [buckets, dataEnd] = await Promise.all([
      readSensorBuckets(this.client, plan, selection),
      readDataEnd(this.client, selection),
    ]);
    const rows = buckets.map(toRow);
    return {
      data: query.complete ? fillBuckets(rows, plan.fromMs, plan.toMs, plan.bucketSeconds * 1000) : rows,
      bucketSize: plan.bucketSeconds,
      bucketSamples: plan.buckets,
      dataEnd,
      aggregate: plan.level?.name ?? 'raw',
      start: plan.fromMs,
      end: plan.toMs,
    };
  }
}
