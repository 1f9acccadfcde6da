import { idArray, type ReadModels } from './read-models.js';

/**
 * The readings summary the ingestion processing keeps in Postgres (`gt_sensor_latest`, and the
 * ten-minute buckets of `gt_sensor_recent`; migrations 023 and 028), read the one way both the
 * station answers and `/sensors/data/recently` read it.
 */

/** The ten-minute buckets `gt_sensor_recent` keeps (the finest aggregate level). */
export const RECENT_BUCKET_MS = 600_000;

/** A station module sensor's latest reading, and how many readings it has. */
export type LatestSummary = {
  readonly stationId: number;
  readonly moduleId: number;
  readonly sensorId: number;
  readonly value: number;
  readonly timeMs: number;
  readonly samples: number;
};

/** Each station module sensor's latest reading (of the sensors asked for, or all), ordered by station, module, sensor. */
export const readLatestSummaries = async (
  readModels: ReadModels,
  stationIds: readonly number[],
  sensorIds: readonly number[] = [],
): Promise<LatestSummary[]> => {
  if (stationIds.length === 0) return [];
  const bySensor = sensorIds.length > 0;
  const rows = await readModels.rows<{
    station_id: string;
    module_id: string;
    sensor_id: number;
    last_value: number;
    t: string;
    samples: string;
  }>(
    `SELECT station_id, module_id, sensor_id, last_value, floor(extract(epoch FROM last_time) * 1000)::bigint AS t, samples
       FROM gt_sensor_latest
      WHERE station_id = ANY($1::bigint[]) ${bySensor ? 'AND sensor_id = ANY($2::int[])' : ''}
      ORDER BY station_id, module_id, sensor_id`,
    bySensor ? [idArray(stationIds), [...sensorIds]] : [idArray(stationIds)],
  );
  return rows.map((r) => ({
    stationId: Number(r.station_id),
    moduleId: Number(r.module_id),
    sensorId: r.sensor_id,
    value: r.last_value,
    timeMs: Number(r.t),
    samples: Number(r.samples),
  }));
};
