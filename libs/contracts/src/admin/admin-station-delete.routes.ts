import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { BulkIds, BulkResult } from './admin-console.contract.js';

/** Deleting stations from the console (spec §2 Admin stations: delete; §7 DELETE /admin/stations/{id}). */
export const adminStationDeleteRoutes = {
  adminDeleteStation: route({
    method: 'delete',
    path: '/admin/stations/{id}',
    summary:
      'Delete a station (site admins): recorded as StationDeleted with the admin as actor; it leaves the lists, maps, projects and its device may be registered again. Its stored readings are not shown any more (see docs/console.md).',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    status: 204,
    errors: { 400: 'The id is not a number', 401: 'Not signed in', 403: 'Not an admin', 404: 'No such station' },
  }),
  adminDeleteStations: route({
    method: 'post',
    path: '/admin/stations/delete',
    summary: "Delete many stations as one command: each id's outcome",
    tags: ['admin'],
    auth: 'required',
    body: BulkIds,
    response: BulkResult,
    errors: { 400: 'No ids, or too many', 401: 'Not signed in', 403: 'Not an admin' },
  }),
} as const;
