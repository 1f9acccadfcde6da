import { AGGREGATE_LEVELS } from '@groundtruth/domain';
import type { AnalysisTable } from '@groundtruth/contracts';

/** The tables of readings, each filtered to the stations the asker may read (docs/analysis.md describes them). */
export const STATION_TABLE_NAMES: readonly string[] = ['readings', ...AGGREGATE_LEVELS.map((l) => `readings_${l.name}`)];

/** The sensor catalogue, the same for everyone (AnalysisEngine writes it at start). */
export const SENSORS_TABLE = 'sensors';

/** Every table a query may read. */
export const ANALYSIS_TABLE_NAMES: readonly string[] = [...STATION_TABLE_NAMES, SENSORS_TABLE];

const ids = [
  { name: 'station_id', type: 'UInt32', description: 'The station (its id in the app and the API).' },
  { name: 'sensor_id', type: 'UInt32', description: 'The sensor (see the sensors list for its key and unit).' },
  { name: 'module_id', type: 'UInt32', description: 'The station’s module that carries the sensor.' },
];

export const ANALYSIS_TABLES: readonly AnalysisTable[] = [
  {
    name: 'readings',
    description:
      'Every reading, one row per station, sensor, time and module. A reprocessed upload writes its rows again with a higher version; read with FINAL (or group by the key) to count each reading once.',
    columns: [
      ...ids,
      { name: 'time', type: "DateTime64(3, 'UTC')", description: 'When it was measured, UTC, to the millisecond.' },
      { name: 'value', type: 'Float64', description: 'The value, in the sensor’s unit.' },
      { name: 'ingestion_id', type: 'UInt64', description: 'The upload that brought it.' },
      { name: 'version', type: 'UInt64', description: 'The processing of that upload (the highest wins).' },
    ],
  },
  ...AGGREGATE_LEVELS.map((level) => ({
    name: `readings_${level.name}`,
    description: `Readings aggregated into ${level.name} buckets (${level.seconds} s, UTC, aligned on multiples of the size since 1970). A bucket may have more than one row until merged: combine with min(value_min), max(value_max), sum(value_sum), sum(value_count).`,
    columns: [
      ...ids,
      { name: 'bucket', type: "DateTime64(0, 'UTC')", description: 'The start of the bucket.' },
      { name: 'value_min', type: 'Float64', description: 'The lowest reading in the bucket.' },
      { name: 'value_max', type: 'Float64', description: 'The highest reading in the bucket.' },
      { name: 'value_sum', type: 'Float64', description: 'The sum of the readings (mean = sum(value_sum) / sum(value_count)).' },
      { name: 'value_count', type: 'UInt64', description: 'How many readings.' },
      { name: 'value_last', type: "Tuple(DateTime64(3, 'UTC'), Float64)", description: 'The latest reading: (time, value).' },
    ],
  })),
  {
    name: SENSORS_TABLE,
    description: 'The sensor catalogue: join it on sensor_id = sensors.id for keys and units.',
    columns: [
      { name: 'id', type: 'UInt32', description: 'The sensor id (sensor_id in the readings tables).' },
      { name: 'key', type: 'String', description: 'The sensor’s key, such as wh.floodnet.depth.' },
      { name: 'unit', type: 'String', description: 'Its unit of measure (empty when it has none, such as pH).' },
      { name: 'aggregate', type: 'String', description: 'How the charts summarise a bucket: max (water depth) or mean.' },
    ],
  },
];
