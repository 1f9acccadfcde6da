import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { AdminLogList, AdminLogRow, AdminLogsQuery } from './admin-logs.contract.js';

/** The console's log view (spec §2 Admin main: 10-day server logs): the product's own structured log lines. */
export const adminLogRoutes = {
  adminListLogs: route({
    method: 'get',
    path: '/admin/logs',
    summary: 'Log lines of the last 10 days (simple REST list: sort, range, filter; Content-Range)',
    tags: ['admin'],
    auth: 'required',
    query: AdminLogsQuery,
    response: AdminLogList,
    errors: { 400: 'A bad sort, range or filter', 401: 'Not signed in', 403: 'Not an admin' },
  }),
  adminGetLog: route({
    method: 'get',
    path: '/admin/logs/{id}',
    summary: 'One log line, all its fields',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    response: AdminLogRow,
    errors: { 400: 'Not a number', 401: 'Not signed in', 403: 'Not an admin', 404: 'No such line' },
  }),
} as const;
