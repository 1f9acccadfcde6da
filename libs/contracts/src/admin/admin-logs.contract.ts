import { z } from 'zod';
import { IdParam } from '../common/params.contract.js';
import { IdList, listQuery, SearchText } from './list-query.contract.js';

export const ADMIN_LOGS_PAGE_SIZE = 50;
/** The log view's window (spec §2 Admin main: 10-day server logs); LOG_RETENTION_DAYS keeps this long. */
export const LOG_WINDOW_DAYS = 10;

export const LogLevelName = z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']);
export type LogLevelName = z.infer<typeof LogLevelName>;
export const LogKindName = z.enum(['ingestion', 'conflict', 'error', 'other']);
export type LogKindName = z.infer<typeof LogKindName>;

const time = z.iso.datetime({ offset: true, error: 'Not an ISO 8601 time with a zone.' });

export const AdminLogsQuery = listQuery({
  sortable: ['time', 'id', 'level'],
  defaultSort: ['time', 'DESC'],
  filter: z.object({
    id: IdList.optional(),
    level: LogLevelName.optional().meta({ description: 'This level and above' }),
    kind: LogKindName.optional(),
    requestId: z.string().trim().min(1).max(128).optional(),
    stationId: IdParam.optional(),
    userId: IdParam.optional(),
    q: SearchText.optional(),
    from: time.optional(),
    to: time.optional(),
  }),
  pageSize: ADMIN_LOGS_PAGE_SIZE,
});

export const AdminLogRow = z
  .object({
    id: z.number().int(),
    time: z.string(),
    level: LogLevelName,
    kind: LogKindName,
    message: z.string(),
    process: z.string().nullable(),
    requestId: z.string().nullable(),
    stationId: z.number().int().nullable(),
    userId: z.number().int().nullable(),
    fields: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AdminLogRow' });
export type AdminLogRow = z.infer<typeof AdminLogRow>;
export const AdminLogList = z.array(AdminLogRow).meta({ id: 'AdminLogList' });
