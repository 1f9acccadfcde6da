import { route } from '../http/route.js';
import { COLUMNS_MEDIA_TYPE, SensorDataColumns } from './sensor-columns.contract.js';
import {
  ModulesMeta,
  SensorData,
  SensorDataQuery,
  SensorRecently,
  SensorRecentlyQuery,
  SensorsMeta,
  SensorTail,
  SensorTailQuery,
} from './sensors.contract.js';

const privateStation = "A station is private (STATION.PRIVATE: You don't have access to view this station.)";

/** Sensor meta and chart data (spec §7 Data calls). */
export const sensorRoutes = {
  sensorsMeta: route({
    method: 'get',
    path: '/meta/sensors',
    summary: 'The sensor catalogue: every sensor (id, key) and every module definition with its sensors',
    tags: ['sensors'],
    auth: 'optional',
    response: SensorsMeta,
  }),
  modulesMeta: route({
    method: 'get',
    path: '/modules/meta',
    summary: 'The module definitions of the sensor catalogue, with their sensors',
    tags: ['sensors'],
    auth: 'optional',
    response: ModulesMeta,
  }),
  sensorData: route({
    method: 'get',
    path: '/sensors/data',
    summary:
      "Chart data of stations' sensors over [start, end): buckets of span ÷ resolution, rounded up to whole buckets of the coarsest precomputed level that fits (raw readings under ten minutes), at most resolution buckets, from start floored to that level; `aggregate` says which was read. Every bucket holds only the readings in [start, end): the first and last are clipped to the window (their ragged ends read from finer levels and the raw readings), so every resolution sums to the same readings and resolution=1 is the window's own value. complete=true adds empty buckets as nulls. `format=columns` or `Accept: application/vnd.groundtruth.columns+json` answers the compact SensorDataColumns (times implied by start and bucket size, readings at their recorded precision).",
    tags: ['sensors'],
    auth: 'optional',
    query: SensorDataQuery,
    response: SensorData,
    alternatives: { [COLUMNS_MEDIA_TYPE]: SensorDataColumns },
    errors: {
      400: 'A parameter is missing or not valid',
      403: privateStation,
      404: 'No such station',
    },
  }),
  sensorDataTail: route({
    method: 'get',
    path: '/sensors/data/tail',
    summary: 'Sparklines: per station, the 48 hours before its latest reading, in about 200 buckets (value as in /sensors/data)',
    tags: ['sensors'],
    auth: 'optional',
    query: SensorTailQuery,
    response: SensorTail,
    errors: { 400: 'A parameter is missing or not valid', 403: privateStation, 404: 'No such station' },
  }),
  sensorDataRecently: route({
    method: 'get',
    path: '/sensors/data/recently',
    summary:
      "Per window of hours back from now (24, 48, 72 by default): each station sensor's value, mean, min, max and last reading in it; and the latest reading of each, at any time",
    tags: ['sensors'],
    auth: 'optional',
    query: SensorRecentlyQuery,
    response: SensorRecently,
    errors: { 400: 'A parameter is missing or not valid', 403: privateStation, 404: 'No such station' },
  }),
} as const;
