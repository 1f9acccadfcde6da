import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { CsvImportResult } from './csv-import.contract.js';

/** Readings typed or exported elsewhere, imported into a station (DESIGN: ingestion by CSV import). */
export const csvImportRoutes = {
  importStationCsv: route({
    method: 'post',
    path: '/data/stations/{id}/csv',
    summary:
      'Import readings into a station from CSV (UTF-8; body text/csv, or multipart field "file"; at most 20 MB). The header names a time column (time, timestamp or unix_time) and one column per sensor full key of the catalogue (e.g. fk.water.temp.temp). Times are ISO 8601 with Z or an offset, or unix seconds (or milliseconds, from 100000000000 up). Quoted fields, CRLF and a BOM are read; an empty cell is no reading. Each column is filed under a station module of its sensor\'s module definition, configured when the station has none. Rows with a bad time or value (not a number, in the future, before 1900) are errors of the import, with their row numbers, not a refusal. Needs the station\'s owner or a site admin.',
    tags: ['data'],
    auth: 'required',
    params: IdParams,
    response: CsvImportResult,
    errors: {
      400: 'Not CSV, not UTF-8, empty, no time column, or columns that are not sensor keys of the catalogue (listed in errors)',
      401: 'Not signed in',
      403: "Not the station's owner or a site admin",
      404: 'No such station',
      413: 'The file is over 20 MB',
    },
  }),
} as const;
