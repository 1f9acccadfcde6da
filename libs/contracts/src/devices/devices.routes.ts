import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { DeviceData, DeviceDataQuery, DeviceParams, DeviceSummary, DeviceSummaryQuery } from './devices.contract.js';

const privateStation = "The device's station is private (STATION.PRIVATE: You don't have access to view this station.)";

/** A station's data by its device id (spec §7 Data), and the raw files it uploaded. */
export const deviceRoutes = {
  deviceSummary: route({
    method: 'get',
    path: '/data/devices/{deviceId}/summary/json',
    summary:
      "What a device's readings hold over [start, end) (2019-01-01 to now by default): per module and sensor the count, the first and last reading's times, min, max, mean and the last value; the station, its firmware, and (for its owner and site admins) its uploads",
    tags: ['data'],
    auth: 'optional',
    params: DeviceParams,
    query: DeviceSummaryQuery,
    response: DeviceSummary,
    errors: { 400: 'A parameter is not valid', 403: privateStation, 404: 'No station has this device id' },
  }),
  deviceData: route({
    method: 'get',
    path: '/data/devices/{deviceId}/data/json',
    summary:
      "A device's readings over [start, end) (2019-01-01 to now by default), one row per time with every sensor read then, newest first, `pageSize` times per page (pages from 0); a page past the last is a 400",
    tags: ['data'],
    auth: 'optional',
    params: DeviceParams,
    query: DeviceDataQuery,
    response: DeviceData,
    errors: {
      400: 'A parameter is not valid, or the page is past the last',
      403: privateStation,
      404: 'No station has this device id',
    },
  }),
  uploadFile: route({
    method: 'get',
    path: '/data/ingestions/{id}/file',
    summary: "The raw file of a station upload, as received (the url of a station answer's uploads)",
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    errors: {
      400: 'The id is not a number',
      401: 'Not signed in',
      403: "Not the station's owner or a site admin",
      404: 'No such upload, or its file is gone',
    },
  }),
} as const;
