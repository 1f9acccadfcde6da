import { z } from 'zod';
import { DEVICE_ID_MAX, stationMessages } from '@groundtruth/domain';
import { StationUpload } from '../stations/stations.contract.js';

/** Spec §7: a device summary covers 1 January 2019 to now unless asked otherwise. */
export const DEVICE_DATA_DEFAULT_START = Date.UTC(2019, 0, 1);
export const DEVICE_DATA_PAGE_SIZE_DEFAULT = 100;
export const DEVICE_DATA_PAGE_SIZE_MAX = 1000;
/** Uploads a device summary lists (the newest of those in its range). */
export const DEVICE_SUMMARY_UPLOADS_MAX = 100;

export const DeviceParams = z.object({
  deviceId: z
    .string()
    .trim()
    .min(1, { error: stationMessages.required })
    .max(DEVICE_ID_MAX, { error: stationMessages.tooLong(DEVICE_ID_MAX) })
    .regex(/^[A-Za-z0-9+/=_\-:.]+$/, { error: stationMessages.badDeviceId })
    .meta({ description: 'The device id as uploads send it (Fk-DeviceId): hex in either case, base64 or UUID' }),
});
export type DeviceParams = z.infer<typeof DeviceParams>;

/** A time: milliseconds since the epoch, or an ISO 8601 date-time; absent takes the default. */
const TimeOr = (fallback: () => number, description: string) =>
  z
    .preprocess(
      (v) => {
        if (v === undefined || (typeof v === 'string' && v.trim() === '')) return undefined;
        if (typeof v !== 'string') return v;
        if (/^-?\d+$/.test(v.trim())) return Number(v);
        const parsed = Date.parse(v);
        return Number.isNaN(parsed) ? v : parsed;
      },
      z
        .number({ error: 'Must be milliseconds since 1970 or an ISO 8601 date-time.' })
        .int({ error: 'Must be whole milliseconds.' })
        .min(0, { error: 'Must not be before 1970.' })
        .max(8_640_000_000_000, { error: 'Too far in the future.' })
        .optional(),
    )
    .transform((v) => v ?? fallback())
    .meta({ description });

const Range = {
  start: TimeOr(() => DEVICE_DATA_DEFAULT_START, 'From (ms or ISO, inclusive); 2019-01-01 by default'),
  end: TimeOr(() => Date.now(), 'Until (ms or ISO, exclusive); now by default'),
};
const endAfterStart = (q: { start: number; end: number }, ctx: z.RefinementCtx) => {
  if (q.end <= q.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'Must be after start.' });
};

export const DeviceSummaryQuery = z.object(Range).superRefine(endAfterStart);
export type DeviceSummaryQuery = z.infer<typeof DeviceSummaryQuery>;

const WholeNumber = (min: number, max: number, fallback: number, description: string) =>
  z
    .preprocess(
      (v) => (v === undefined || v === '' ? undefined : typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: 'Must be a whole number.' })
        .int({ error: 'Must be a whole number.' })
        .min(min, { error: `Must be at least ${min}.` })
        .max(max, { error: `At most ${max}.` })
        .optional(),
    )
    .transform((v) => v ?? fallback)
    .meta({ description });

export const DeviceDataQuery = z
  .object({
    page: WholeNumber(0, 1_000_000_000, 0, 'Page number, from 0'),
    pageSize: WholeNumber(1, DEVICE_DATA_PAGE_SIZE_MAX, DEVICE_DATA_PAGE_SIZE_DEFAULT, 'Times per page'),
    ...Range,
  })
  .superRefine(endAfterStart);
export type DeviceDataQuery = z.infer<typeof DeviceDataQuery>;

export const DeviceStation = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deviceId: z.string(),
    firmware: z
      .object({ version: z.string(), build: z.string(), number: z.string() })
      .nullable()
      .meta({ description: 'As its newest meta upload names it' }),
  })
  .meta({ id: 'DeviceStation' });

/** A sensor column of a device's readings. */
const DeviceSensor = z.object({
  sensorId: z.number().int().nullable().meta({ description: 'Its id in GET /meta/sensors; null before readings of its module' }),
  key: z.string().nullable().meta({ description: 'Its full catalogue key, e.g. fk.water.ph.ph' }),
  name: z.string().meta({ description: 'As the station names it' }),
  unitOfMeasure: z.string(),
});

/** A module of the device: one the station has now, or one it had when it recorded readings still kept. */
const DeviceModule = <S extends z.ZodType>(sensor: S) =>
  z.object({
    id: z.number().int(),
    hardwareId: z.string().nullable(),
    name: z.string(),
    label: z.string().nullable(),
    position: z.number().int().nullable().meta({ description: 'null for a module the station no longer has' }),
    internal: z.boolean(),
    configured: z.boolean().meta({ description: 'The station has this module now' }),
    sensors: z.array(sensor),
  });

export const DeviceSensorSummary = DeviceSensor.extend({
  count: z.number().int().meta({ description: 'Readings in the range' }),
  first: z.number().int().nullable().meta({ description: 'Time of the first, ms' }),
  last: z.number().int().nullable().meta({ description: 'Time of the last, ms' }),
  min: z.number().nullable(),
  max: z.number().nullable(),
  mean: z.number().nullable(),
  lastValue: z.number().nullable(),
}).meta({ id: 'DeviceSensorSummary' });

export const DeviceSummary = z
  .object({
    station: DeviceStation,
    start: z.number().int().meta({ description: 'The range asked, ms' }),
    end: z.number().int(),
    statistics: z.object({
      first: z.number().int().nullable().meta({ description: 'The first reading in the range, ms' }),
      last: z.number().int().nullable(),
      numberOfSamples: z.number().int(),
    }),
    modules: z.array(DeviceModule(DeviceSensorSummary).meta({ id: 'DeviceModuleSummary' })),
    uploads: z.array(StationUpload).nullable().meta({
      description:
        'Its meta uploads and the data uploads holding readings in the range, newest first (at most 100); null unless the asker owns the station or is a site admin',
    }),
    uploadsInRange: z.number().int().nullable().meta({ description: 'How many uploads that is before the limit' }),
  })
  .meta({ id: 'DeviceSummary' });
export type DeviceSummary = z.infer<typeof DeviceSummary>;
export type DeviceModuleSummary = DeviceSummary['modules'][number];

export const DeviceDataRow = z
  .object({
    time: z.number().int().meta({ description: 'ms' }),
    readings: z.array(z.object({ moduleId: z.number().int(), sensorId: z.number().int(), value: z.number() })),
  })
  .meta({ id: 'DeviceDataRow' });

export const DeviceData = z
  .object({
    station: DeviceStation,
    modules: z.array(DeviceModule(DeviceSensor).meta({ id: 'DeviceModule' })),
    order: z.literal('newest-first'),
    start: z.number().int(),
    end: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().meta({ description: 'Times with readings in the range' }),
    totalPages: z.number().int(),
    data: z.array(DeviceDataRow).meta({ description: 'One row per time, newest first' }),
  })
  .meta({ id: 'DeviceData' });
export type DeviceData = z.infer<typeof DeviceData>;
