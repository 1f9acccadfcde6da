import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { BulkIds, BulkResult } from './admin-console.contract.js';

/** Deleting stations from the console (spec §2 Admin stations: delete; §7 DELETE /admin/stations/{id}). */
export const adminStationDeleteRoutes = {
  adminDeleteStation: route({
    method: 'delete',
    path: '/admin/stations/{id}',
    summary: 'Delete a station: StationDeleted, the admin as actor (docs/console.md)',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    status: 204,
    errors: { 400: 'Not a number', 401: 'Not signed in', 403: 'Not an admin', 404: 'No such station' },
  }),
  adminDeleteStations: route({
    method: 'post',
    path: '/admin/stations/delete',
    summary: 'Delete many stations as one command, an outcome per id',
    tags: ['admin'],
    auth: 'required',
    body: BulkIds,
    response: BulkResult,
    errors: { 400: 'No ids, or too many', 401: 'Not signed in', 403: 'Not an admin' },
  }),
} as const;
