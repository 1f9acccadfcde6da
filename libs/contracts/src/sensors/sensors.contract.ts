import { z } from 'zod';
import { AGGREGATE_LEVELS, DEFAULT_RESOLUTION, MAX_RESOLUTION, sensorById } from '@groundtruth/domain';
import { IdParam } from '../common/params.contract.js';

// ---- Sensor meta (spec §3 Sensor meta) ----

const Localised = z.record(z.string(), z.string());

export const ThresholdLevel = z
  .object({
    start: z.number(),
    value: z.number(),
    color: z.string(),
    hidden: z.boolean(),
    label: Localised,
    plainLabel: Localised,
    mapKeyLabel: Localised,
  })
  .meta({ id: 'ThresholdLevel', description: 'Values with start <= v < value take this colour' });

export const SensorViz = z
  .object({
    name: z.string(),
    disabled: z.boolean(),
    minimumGap: z.number().nullable().meta({ description: 'Seconds: the line breaks where points are further apart' }),
    thresholds: z.object({ label: Localised, levels: z.array(ThresholdLevel) }).nullable(),
  })
  .meta({ id: 'SensorViz' });

export const ModuleSensorMeta = z
  .object({
    id: z.number().int(),
    key: z.string(),
    fullKey: z.string(),
    firmwareKey: z.string(),
    unitOfMeasure: z.string(),
    order: z.number().int(),
    internal: z.boolean(),
    aggregation: z.enum(['avg', 'max']).meta({ description: 'How a chart bucket is summarised: max or mean' }),
    ranges: z.array(z.object({ minimum: z.number(), maximum: z.number(), constrained: z.boolean() })),
    viz: z.array(SensorViz),
    strings: z.record(
      z.string(),
      z.object({ label: z.string().optional(), chartLabel: z.string().optional(), axisLabel: z.string().optional() }),
    ),
    aliases: z.array(z.string()),
  })
  .meta({ id: 'ModuleSensorMeta' });

export const ModuleMeta = z
  .object({
    id: z.number().int(),
    key: z.string(),
    name: z.string(),
    header: z.object({ manufacturer: z.number().int(), kinds: z.array(z.number().int()), version: z.array(z.number().int()) }),
    internal: z.boolean(),
    sensors: z.array(ModuleSensorMeta),
  })
  .meta({ id: 'ModuleMeta' });
export type ModuleMeta = z.infer<typeof ModuleMeta>;

export const ModulesMeta = z.object({ modules: z.array(ModuleMeta) }).meta({ id: 'ModulesMeta' });
export type ModulesMeta = z.infer<typeof ModulesMeta>;

export const SensorsMeta = z
  .object({
    sensors: z.array(z.object({ id: z.number().int(), key: z.string() })),
    modules: z.array(ModuleMeta),
  })
  .meta({ id: 'SensorsMeta' });
export type SensorsMeta = z.infer<typeof SensorsMeta>;

// ---- Sensor data ----

const idList = (what: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim().length > 0) : v),
    z.array(IdParam).max(max, { error: `At most ${max} ${what} at once.` }),
  );

const stationList = idList('stations', 100).refine((ids) => ids.length > 0, { error: 'Name at least one station.' });

const sensorList = idList('sensors', 100).refine((ids) => ids.every((id) => sensorById(id) !== undefined), {
  error: 'Unknown sensor id (see GET /meta/sensors).',
});

/** The earliest time a reading may have (ClickHouse's DateTime64 starts at 1900, as imports do). */
const EARLIEST_READING_MS = Date.UTC(1900, 0, 1);

/** A time: milliseconds since the epoch, or an ISO 8601 date-time. */
const Time = z.preprocess(
  (v) => {
    if (typeof v !== 'string' || v.trim() === '') return v;
    if (/^-?\d+$/.test(v.trim())) return Number(v);
    const parsed = Date.parse(v);
    return Number.isNaN(parsed) ? v : parsed;
  },
  z
    .number({ error: 'Must be milliseconds since 1970 (negative before it) or an ISO 8601 date-time.' })
    .int({ error: 'Must be whole milliseconds.' })
    // Readings are kept from 1900 on (CSV imports, LoRaWAN): charts and exports reach as far.
    .min(EARLIEST_READING_MS, { error: 'Must not be before 1900.' })
    .max(8_640_000_000_000, { error: 'Too far in the future.' }),
);

const Flag = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: 'Must be true or false.' }),
);

export const SensorDataQuery = z
  .object({
    start: Time,
    end: Time,
    stations: stationList,
    sensors: sensorList.optional().meta({ description: 'Sensor ids of GET /meta/sensors; every sensor when absent' }),
    resolution: z.coerce
      .number({ error: 'Must be a number.' })
      .int({ error: 'Must be a whole number.' })
      .min(1, { error: 'Must be at least 1.' })
      .max(MAX_RESOLUTION, { error: `At most ${MAX_RESOLUTION}.` })
      .default(DEFAULT_RESOLUTION),
    complete: Flag.default(false),
    backend: z.string().max(20).optional().meta({ description: 'Accepted for compatibility, ignored' }),
    format: z.enum(['rows', 'columns'], { error: 'Must be rows or columns.' }).optional().meta({
      description:
        'columns: the compact SensorDataColumns form (as Accept: application/vnd.groundtruth.columns+json); rows (the default): SensorData',
    }),
  })
  .superRefine((q, ctx) => {
    if (q.end <= q.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'Must be after start.' });
  });
export type SensorDataQuery = z.infer<typeof SensorDataQuery>;

export const SensorDataRow = z
  .object({
    time: z.number().int().meta({ description: 'Start of the bucket, ms' }),
    stationId: z.number().int(),
    moduleId: z.number().int(),
    sensorId: z.number().int(),
    value: z
      .number()
      .nullable()
      .meta({ description: "The sensor's aggregation over the bucket: max for flood depth and tide, else the mean" }),
    avg: z.number().nullable(),
    min: z.number().nullable(),
    max: z.number().nullable(),
    last: z.number().nullable().meta({ description: 'The latest reading in the bucket' }),
    samples: z.number().int().meta({ description: 'Readings in the bucket (0 for a filled empty bucket)' }),
  })
  .meta({ id: 'SensorDataRow' });
export type SensorDataRow = z.infer<typeof SensorDataRow>;

const aggregateNames = ['raw', ...AGGREGATE_LEVELS.map((l) => l.name)] as [string, ...string[]];

export const SensorData = z
  .object({
    data: z.array(SensorDataRow),
    bucketSize: z.number().int().meta({ description: 'Seconds per bucket' }),
    bucketSamples: z.number().int().meta({ description: 'Buckets in the answered window' }),
    dataEnd: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'ms of the latest reading of these stations and sensors, at any time' }),
    aggregate: z.enum(aggregateNames).meta({
      description: 'What was read: raw readings, or the precomputed level (1m, 10m, 1h, 6h, 1d) regrouped into the buckets',
    }),
    start: z.number().int().meta({
      description:
        "The first bucket's start (ms): the query's start floored to the level read (to a second for raw readings); bucket k starts at start + k × bucketSize s. Every bucket holds only readings in the query's [start, end): the first and last are clipped to it, so every resolution sums to the same readings",
    }),
    end: z.number().int().meta({ description: 'The end of the last bucket (ms), at or after the query’s end' }),
  })
  .meta({ id: 'SensorData' });
export type SensorData = z.infer<typeof SensorData>;

export const SensorTailQuery = z.object({
  stations: stationList,
  sensors: sensorList.optional().meta({ description: 'Sensor ids of GET /meta/sensors; every sensor when absent' }),
});
export type SensorTailQuery = z.infer<typeof SensorTailQuery>;

export const StationTail = z
  .object({
    stationId: z.number().int(),
    dataEnd: z.number().int().nullable().meta({ description: "ms of the station's latest reading" }),
    bucketSize: z.number().int().nullable(),
    aggregate: z.enum(aggregateNames).nullable(),
    start: z.number().int().nullable(),
    end: z.number().int().nullable(),
  })
  .meta({ id: 'StationTail', description: 'All null for a station without readings (it has no rows)' });

export const SensorTail = z
  .object({ data: z.array(SensorDataRow), stations: z.array(StationTail) })
  .meta({ id: 'SensorTail', description: 'Per station, the 48 hours before its latest reading in about 200 buckets' });
export type SensorTail = z.infer<typeof SensorTail>;

export const RECENT_WINDOWS_DEFAULT = [24, 48, 72];

export const SensorRecentlyQuery = z.object({
  stations: stationList,
  sensors: sensorList.optional().meta({ description: 'Sensor ids of GET /meta/sensors; every sensor when absent' }),
  windows: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim().length > 0) : v),
      z
        .array(
          z.coerce
            .number({ error: 'Must be a number of hours.' })
            .int({ error: 'Must be whole hours.' })
            .min(1, { error: 'At least 1 hour.' })
            .max(24 * 30, { error: 'At most 720 hours.' }),
        )
        .min(1, { error: 'Name at least one window.' })
        .max(5, { error: 'At most 5 windows.' }),
    )
    .default(RECENT_WINDOWS_DEFAULT)
    .meta({ description: 'Hours back from now (24,48,72 by default; 1 in flood mode)' }),
});
export type SensorRecentlyQuery = z.infer<typeof SensorRecentlyQuery>;

export const RecentWindow = z
  .object({ hours: z.number().int(), start: z.number().int(), end: z.number().int(), data: z.array(SensorDataRow) })
  .meta({
    id: 'RecentWindow',
    description: 'One row per station module sensor with readings in the window; time is the window start',
  });

export const LatestReading = z
  .object({
    stationId: z.number().int(),
    moduleId: z.number().int(),
    sensorId: z.number().int(),
    value: z.number(),
    time: z.number().int().meta({ description: 'ms' }),
  })
  .meta({ id: 'LatestReading' });

export const SensorRecently = z
  .object({
    windows: z.array(RecentWindow),
    last: z.array(LatestReading).meta({ description: 'The latest reading of each station sensor, at any time' }),
  })
  .meta({ id: 'SensorRecently' });
export type SensorRecently = z.infer<typeof SensorRecently>;
