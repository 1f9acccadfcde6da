import { route } from '../http/route.js';
import { ExportHistory, ExportJob, ExportQuery, ExportTokenParams } from './exports.contract.js';

const refused =
  'Exports are off in flood partner mode (EXPORT.OFF) and for NodeRed stations (EXPORT.NODERED); a private station (STATION.PRIVATE)';
const startErrors = {
  400: 'A parameter is missing or not valid',
  403: refused,
  404: 'No such station',
  429: 'The caller already has as many exports waiting or running as one person may (EXPORT.TOO_MANY); Retry-After says when to try again',
};

/** Data exports (spec §7 /export/*): background jobs streamed from ClickHouse into a file. */
export const exportRoutes = {
  exportCsv: route({
    method: 'post',
    path: '/export/csv',
    summary:
      "Starts a CSV export (RFC 4180, a # metadata header, UTC and local time, each value and whether it is a raw reading) of the stations' sensors over [start, end)",
    tags: ['exports'],
    auth: 'required',
    query: ExportQuery,
    response: ExportJob,
    errors: startErrors,
  }),
  exportJsonLines: route({
    method: 'post',
    path: '/export/json-lines',
    summary: "Starts a JSON lines export (one reading a line) of the stations' sensors over [start, end)",
    tags: ['exports'],
    auth: 'required',
    query: ExportQuery,
    response: ExportJob,
    errors: startErrors,
  }),
  exportHistory: route({
    method: 'get',
    path: '/export',
    summary: "The caller's exports, newest first",
    tags: ['exports'],
    auth: 'required',
    response: ExportHistory,
  }),
  exportStatus: route({
    method: 'get',
    path: '/export/{token}',
    summary: 'One export: state, progress, and the download address once done',
    tags: ['exports'],
    auth: 'required',
    params: ExportTokenParams,
    response: ExportJob,
    errors: { 400: 'Not an export token', 404: "No such export of the caller's (EXPORT.NOT_FOUND)" },
  }),
  exportDownload: route({
    method: 'get',
    path: '/export/{token}/download',
    summary: "The export's file (text/csv or application/jsonl), as an attachment with a file name",
    tags: ['exports'],
    auth: 'required',
    params: ExportTokenParams,
    errors: {
      400: 'Not an export token',
      404: "No such export of the caller's",
      409: 'Not done yet (EXPORT.NOT_READY)',
      410: 'Expired: its file was deleted (EXPORT.EXPIRED); export again',
    },
  }),
} as const;
