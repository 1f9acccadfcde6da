import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { AdminLogList, AdminLogRow, AdminLogsQuery } from './admin-logs.contract.js';

/** The console's log view (spec §2 Admin main: 10-day server logs): the product's own structured log lines. */
export const adminLogRoutes = {
  adminListLogs: route({
    method: 'get',
    path: '/admin/logs',
    summary:
      "The product's log lines of the last 10 days, newest first, in react-admin's simple REST convention: query sort, range and filter as JSON (filter level: that level and above; kind: ingestion|conflict|error|other; requestId; stationId; userId; q: message contains; from, to: ISO times; id: [ids]); the total is in Content-Range",
    tags: ['admin'],
    auth: 'required',
    query: AdminLogsQuery,
    response: AdminLogList,
    errors: {
      400: 'A sort, range or filter that is not JSON, names an unknown field, or covers too many rows',
      401: 'Not signed in',
      403: 'Not an admin',
    },
  }),
  adminGetLog: route({
    method: 'get',
    path: '/admin/logs/{id}',
    summary: 'One log line with every field the logger wrote',
    tags: ['admin'],
    auth: 'required',
    params: IdParams,
    response: AdminLogRow,
    errors: { 400: 'The id is not a number', 401: 'Not signed in', 403: 'Not an admin', 404: 'No such line (or swept)' },
  }),
} as const;
