import { z } from 'zod';
import { ExpectedVersion, Version } from '../common/version.contract.js';
import {
  canonicalDeviceId,
  DEVICE_ID_MAX,
  MODULE_LABEL_MAX,
  STATION_ATTRIBUTE_MAX,
  STATION_ATTRIBUTE_NAMES,
  STATION_DESCRIPTION_MAX,
  STATION_DOWN_AFTER_HOURS,
  STATION_LOCATION_NAME_MAX,
  STATION_MODEL_MAX,
  STATION_NAME_MAX,
  stationMessages,
} from '@groundtruth/domain';
import { IdParam } from '../common/params.contract.js';

const required = { error: stationMessages.required };
const limited = (max: number) => ({ error: stationMessages.tooLong(max) });

export const StationModuleParams = z.object({ stationId: IdParam, moduleId: IdParam });
export type StationModuleParams = z.infer<typeof StationModuleParams>;

export const StationLinkParams = z.object({ id: IdParam, otherId: IdParam });
export type StationLinkParams = z.infer<typeof StationLinkParams>;

const SensorInput = z.object({
  name: z.string(required).trim().min(1, required).max(100, limited(100)),
  unitOfMeasure: z.string().max(20, limited(20)).optional(),
});

/** A module as the phone app knows it (until stations upload their own configuration). */
export const StationModuleInput = z
  .object({
    hardwareId: z.string().trim().max(100, limited(100)).optional(),
    name: z.string(required).trim().min(1, required).max(100, limited(100)).meta({ example: 'modules.water.ph' }),
    position: z.number().int().min(0).max(255),
    internal: z.boolean().optional(),
    sensors: z.array(SensorInput).max(64).optional(),
  })
  .meta({ id: 'StationModuleInput' });

export const RegisterStationBody = z
  .object({
    deviceId: z
      .string(required)
      .trim()
      .min(1, required)
      .max(DEVICE_ID_MAX, limited(DEVICE_ID_MAX))
      .refine((id) => canonicalDeviceId(id) !== null, { error: stationMessages.badDeviceId })
      .meta({ description: "The device's id in hex (either case), base64 or UUID form; kept as the lowercase hex of its bytes" }),
    name: z.string(required).trim().min(1, required).max(STATION_NAME_MAX, limited(STATION_NAME_MAX)),
    locationName: z.string().max(STATION_LOCATION_NAME_MAX, limited(STATION_LOCATION_NAME_MAX)).nullable().optional(),
    model: z
      .string()
      .max(STATION_MODEL_MAX, limited(STATION_MODEL_MAX))
      .nullable()
      .optional()
      .meta({ description: 'The hardware model the device reports (FieldKit, NodeRed, …); set once, at registration' }),
    modules: z.array(StationModuleInput).max(32).optional(),
  })
  .meta({ id: 'RegisterStation' });
export type RegisterStationBody = z.infer<typeof RegisterStationBody>;

const AttributeValues = z
  .object(
    Object.fromEntries(
      STATION_ATTRIBUTE_NAMES.map((n) => [
        n,
        z.string().max(STATION_ATTRIBUTE_MAX, limited(STATION_ATTRIBUTE_MAX)).nullable().optional(),
      ]),
    ) as Record<(typeof STATION_ATTRIBUTE_NAMES)[number], z.ZodOptional<z.ZodNullable<z.ZodString>>>,
  )
  .strict()
  .meta({ description: 'A text per attribute; null or empty removes it' });

export const UpdateStationBody = z
  .object({
    name: z.string(required).trim().min(1, required).max(STATION_NAME_MAX, limited(STATION_NAME_MAX)).optional(),
    description: z.string().max(STATION_DESCRIPTION_MAX, limited(STATION_DESCRIPTION_MAX)).optional(),
    hidden: z.boolean().optional(),
    locationName: z.string().max(STATION_LOCATION_NAME_MAX, limited(STATION_LOCATION_NAME_MAX)).nullable().optional(),
    location: z
      .object({
        latitude: z.number({ error: stationMessages.badLatitude }).min(-90, { error: stationMessages.badLatitude }).max(90, {
          error: stationMessages.badLatitude,
        }),
        longitude: z.number({ error: stationMessages.badLongitude }).min(-180, { error: stationMessages.badLongitude }).max(180, {
          error: stationMessages.badLongitude,
        }),
      })
      .optional()
      .meta({ description: 'Deploys the station here; needs deployedAt' }),
    deployedAt: z.iso.datetime({ offset: true, error: stationMessages.badDate }).optional(),
    attributes: AttributeValues.optional(),
    version: ExpectedVersion,
  })
  .superRefine((body, ctx) => {
    if (body.location && body.deployedAt === undefined) {
      ctx.addIssue({ code: 'custom', path: ['deployedAt'], message: 'A deployment needs its date and time.' });
    }
    if (body.deployedAt !== undefined && !body.location) {
      ctx.addIssue({ code: 'custom', path: ['location'], message: 'A deployment needs its location.' });
    }
  })
  .meta({ id: 'UpdateStation' });
export type UpdateStationBody = z.infer<typeof UpdateStationBody>;

export const LabelModuleBody = z
  .object({ label: z.string(required).max(MODULE_LABEL_MAX, limited(MODULE_LABEL_MAX)), version: ExpectedVersion })
  .meta({ id: 'LabelModule' });
export type LabelModuleBody = z.infer<typeof LabelModuleBody>;

export const MetaStationsQuery = z.object({
  stations: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim().length > 0) : v),
    z.array(IdParam).min(1, { error: 'Name at least one station.' }).max(100, { error: 'At most 100 stations at once.' }),
  ),
});
export type MetaStationsQuery = z.infer<typeof MetaStationsQuery>;

const Sensor = z.object({
  name: z.string(),
  unitOfMeasure: z.string(),
  order: z.number().int(),
  sensorId: z
    .number()
    .int()
    .nullable()
    .meta({ description: 'Its sensor id in GET /meta/sensors, once the station has sent readings of its module' }),
  reading: z
    .object({ last: z.number(), time: z.string() })
    .nullable()
    .meta({ description: 'Its latest reading (value and ISO time); null before the first' }),
});

export const StationModule = z
  .object({
    id: z.number().int(),
    hardwareId: z.string().nullable(),
    name: z.string(),
    label: z.string().nullable(),
    position: z.number().int(),
    internal: z.boolean(),
    sensors: z.array(Sensor),
  })
  .meta({ id: 'StationModule' });
export type StationModule = z.infer<typeof StationModule>;

export const StationPhoto = z
  .object({ id: z.number().int(), url: z.string(), isStationImage: z.boolean(), createdAt: z.string() })
  .meta({ id: 'StationPhoto' });

/** How many uploads a station answer lists (the newest). */
export const STATION_UPLOADS_LISTED = 20;

export const StationUpload = z
  .object({
    id: z.number().int(),
    time: z.string().meta({ description: 'When it was received (ISO)' }),
    type: z.enum(['meta', 'data', 'csv', 'lorawan']).meta({ description: 'A station file, a CSV import, or a LoRaWAN uplink' }),
    size: z.number().int().meta({ description: 'Bytes' }),
    blocks: z.tuple([z.number().int(), z.number().int()]).meta({ description: 'First and last record numbers (Fk-Blocks)' }),
    url: z.string().meta({ description: 'The raw file, for the owner and site admins' }),
    state: z
      .enum(['received', 'processing', 'waiting', 'processed', 'failed'])
      .meta({ description: 'Where its processing is (waiting: a store out of reach, tried again)' }),
    errors: z.number().int().nullable().meta({ description: 'Records or readings its last processing could not use' }),
    problems: z.array(z.string()).meta({ description: 'The first problems of its last processing' }),
  })
  .meta({ id: 'StationUpload' });
export type StationUpload = z.infer<typeof StationUpload>;

export const StationDataRange = z
  .object({
    start: z.string().meta({ description: 'Its earliest reading (ISO)' }),
    end: z.string().meta({ description: 'Its latest reading (ISO)' }),
    numberOfSamples: z.number().int().meta({ description: 'Readings stored' }),
  })
  .meta({ id: 'StationDataRange' });

export const Station = z
  .object({
    id: z.number().int(),
    name: z.string(),
    deviceId: z.string(),
    owner: z.object({ id: z.number().int(), name: z.string() }),
    description: z.string(),
    hidden: z.boolean(),
    /** True when the asker may not change the station (spec §6). */
    readOnly: z.boolean(),
    location: z
      .object({
        precise: z.tuple([z.number(), z.number()]),
        latitude: z.number(),
        longitude: z.number(),
        exact: z.boolean().meta({
          description:
            'false: a general location (two decimals, about 1 km), shown to people outside the team when no public project holding the station shows exact locations',
        }),
      })
      .nullable()
      .meta({ description: 'precise is [longitude, latitude]' }),
    locationName: z.string().nullable(),
    model: z.string().nullable().meta({ description: "The station's hardware model name, when it reported one" }),
    placeNameOther: z.string().nullable(),
    placeNameNative: z.string().nullable(),
    deployedAt: z.string().nullable(),
    recordingStartedAt: z.string().nullable(),
    attributes: z.array(z.object({ attributeId: z.number().int(), name: z.string(), stringValue: z.string() })),
    configurations: z.object({ all: z.array(z.object({ modules: z.array(StationModule) })) }),
    photos: z.array(StationPhoto).meta({ description: 'The station image first' }),
    battery: z
      .number()
      .nullable()
      .meta({ description: 'Percent, from the status records of the upload holding its latest readings' }),
    lastReadingAt: z.string().nullable(),
    lastIngestionAt: z.string().nullable(),
    status: z
      .enum(['up', 'down'])
      .nullable()
      .meta({
        description: `down once its latest reading is more than ${STATION_DOWN_AFTER_HOURS} hours old; null before its first reading`,
      }),
    inactive: z.boolean().meta({ description: 'status is down' }),
    hasData: z.boolean().meta({ description: 'It has sent readings' }),
    firmwareNumber: z.string().nullable().meta({ description: 'As its newest meta upload names it' }),
    uploads: z
      .array(StationUpload)
      .nullable()
      .meta({
        description: `Its newest ${STATION_UPLOADS_LISTED} uploads, newest first; null unless the asker owns the station or is a site admin`,
      }),
    data: StationDataRange.nullable().meta({ description: 'The span of its readings; null before the first' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version.meta({ description: 'Send back with PATCH /stations/{id} or a module label' }),
  })
  .meta({ id: 'Station' });
export type Station = z.infer<typeof Station>;

export const StationList = z.object({ stations: z.array(Station) }).meta({ id: 'StationList' });
export type StationList = z.infer<typeof StationList>;

/** GET /user/stations: all of the asker's own stations, or the first `limit` by name (the sidebar's ten). */
export const MyStationsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit is a whole number from 1 to 1000.' })
    .int({ error: 'limit is a whole number from 1 to 1000.' })
    .min(1, { error: 'limit is a whole number from 1 to 1000.' })
    .max(1000, { error: 'limit is a whole number from 1 to 1000.' })
    .optional()
    .meta({ description: 'Only the first this many, by name' }),
});
export type MyStationsQuery = z.infer<typeof MyStationsQuery>;

export const MyStationList = StationList.extend({
  total: z.number().int().meta({ description: 'How many stations the asker owns (more than listed when limited)' }),
}).meta({ id: 'MyStationList' });
export type MyStationList = z.infer<typeof MyStationList>;

export const StationSensorMeta = z
  .object({
    stationId: z.number().int(),
    stationName: z.string(),
    stationLocation: z.tuple([z.number(), z.number()]).nullable().meta({ description: '[longitude, latitude]' }),
    moduleId: z.number().int(),
    moduleKey: z.string(),
    /** The sensor's id in GET /meta/sensors; null until the station has sent readings of its module. */
    sensorId: z.number().int().nullable(),
    sensorKey: z.string(),
    sensorReadAt: z.string().nullable(),
  })
  .meta({ id: 'StationSensorMeta' });
export const StationSensorMetaList = z.object({ stations: z.array(StationSensorMeta) }).meta({ id: 'StationSensorMetaList' });
export type StationSensorMetaList = z.infer<typeof StationSensorMetaList>;

export const AssociatedStation = z
  .object({
    station: Station,
    hidden: z.boolean(),
    /** Present when the station stands within 1,609.344 m: its id and the distance in metres. */
    location: z.array(z.object({ stationID: z.number().int(), distance: z.number() })),
    /** Present when the asked station names it as a manual link. */
    manual: z.array(z.object({ otherStationID: z.number().int() })),
  })
  .meta({ id: 'AssociatedStation' });
export const AssociatedStations = z.object({ stations: z.array(AssociatedStation) }).meta({ id: 'AssociatedStations' });
export type AssociatedStations = z.infer<typeof AssociatedStations>;

const degrees = (min: number, max: number) => z.number().min(min).max(max);

/** GET /stations/map: the stations of a map, optionally inside a viewport, optionally of one project. */
export const MapStationsQuery = z.object({
  bbox: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((s) => (s.trim() === '' ? Number.NaN : Number(s))) : v),
      z.tuple([degrees(-180, 180), degrees(-90, 90), degrees(-180, 180), degrees(-90, 90)], {
        error: 'bbox is west,south,east,north in degrees (west may exceed east across the antimeridian).',
      }),
    )
    .refine((b) => b[1] <= b[3], { error: 'bbox: south must not be north of north.' })
    .optional()
    .meta({ description: 'west,south,east,north in degrees; west > east crosses the antimeridian', example: '-75,40,-73,42' }),
  project: IdParam.optional().meta({ description: "Only this project's stations" }),
  recentHours: z.coerce
    .number({ error: 'recentHours is a whole number of hours from 1 to 72.' })
    .int({ error: 'recentHours is a whole number of hours from 1 to 72.' })
    .min(1, { error: 'recentHours is a whole number of hours from 1 to 72.' })
    .max(72, { error: 'recentHours is a whole number of hours from 1 to 72.' })
    .default(72)
    .meta({ description: "The recent window (hours before now) of each station's `recent` value" }),
  format: z.enum(['rows', 'columns'], { error: 'Must be rows or columns.' }).optional().meta({
    description:
      'columns: the compact MapStationsColumns form (as Accept: application/vnd.groundtruth.columns+json); rows (the default): MapStations',
  }),
});
export type MapStationsQuery = z.infer<typeof MapStationsQuery>;

/** One station on a map: where the asker may see it, its status, and its primary sensor's latest reading. */
export const MapStation = z
  .object({
    id: z.number().int(),
    name: z.string(),
    /** [longitude, latitude] as the asker may see it (exact, or the general location), or null when not deployed. */
    location: z.tuple([z.number(), z.number()]).nullable(),
    exact: z.boolean(),
    /** The asker owns it. */
    mine: z.boolean(),
    status: z.enum(['up', 'down']).nullable(),
    inactive: z.boolean(),
    /** ms of the station's latest reading (any sensor), or null. */
    lastReadingAt: z.number().nullable(),
    battery: z.number().nullable(),
    /** The location name, else the Neighborhood attribute. */
    place: z.string().nullable(),
    /**
     * The primary sensor's latest reading (`value` at `time`, ms), and `recent`: its highest reading
     * within the recent window, null when it has none there.
     */
    reading: z
      .object({
        moduleId: z.number().int(),
        sensorId: z.number().int(),
        value: z.number(),
        time: z.number(),
        recent: z.number().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'MapStation' });
export type MapStation = z.infer<typeof MapStation>;

export const MapStations = z.object({ recentHours: z.number().int(), stations: z.array(MapStation) }).meta({ id: 'MapStations' });
export type MapStations = z.infer<typeof MapStations>;
