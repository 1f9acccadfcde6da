import { z } from 'zod';
import { SensorDataQuery } from '../sensors/sensors.contract.js';

// Spec §3 Export record and history, §4 Export states, §7 /export/*.

export const EXPORT_FORMATS = ['csv', 'json-lines'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATES = ['queued', 'running', 'done', 'failed', 'expired'] as const;
export type ExportState = (typeof EXPORT_STATES)[number];

const isZone = (tz: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const ExportQuery = z
  .object({
    stations: SensorDataQuery.shape.stations,
    sensors: SensorDataQuery.shape.sensors,
    start: SensorDataQuery.shape.start,
    end: SensorDataQuery.shape.end,
    tz: z
      .string()
      .max(64)
      .refine(isZone, { error: 'Not a time zone (an IANA name such as America/New_York, or UTC).' })
      .default('UTC')
      .meta({ description: "Time zone of the local-time column (the reader's; UTC when absent)" }),
  })
  .superRefine((q, ctx) => {
    if (q.end <= q.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'Must be after start.' });
  });
export type ExportQuery = z.infer<typeof ExportQuery>;

export const ExportTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: 'Not an export token.' }),
});
export type ExportTokenParams = z.infer<typeof ExportTokenParams>;

export const ExportJob = z
  .object({
    id: z.number().int(),
    token: z.string(),
    format: z.enum(EXPORT_FORMATS),
    state: z.enum(EXPORT_STATES),
    createdAt: z.number().int().meta({ description: 'ms' }),
    completedAt: z.number().int().nullable().meta({ description: 'ms; null until done or failed' }),
    progress: z.number().min(0).max(100).meta({ description: 'Percent of the rows written' }),
    rows: z.number().int().meta({ description: 'Rows written so far' }),
    size: z.number().int().nullable().meta({ description: 'Bytes of the file once done' }),
    statusUrl: z.string().meta({ description: 'GET it (once a second) until downloadUrl appears' }),
    downloadUrl: z.string().nullable().meta({ description: 'Set once done; an authenticated GET' }),
    fileName: z.string(),
    downloaded: z.boolean(),
    error: z.string().nullable().meta({ description: 'Why it failed' }),
    errorCode: z
      .string()
      .nullable()
      .meta({ description: 'Why it failed, as a stable code (EXPORT.TOO_LARGE: the file passed the size limit of one export)' }),
    expiresAt: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'ms; when the file is (or was) deleted: a done export turns expired then; null until done' }),
    query: z.object({
      stations: z.array(z.number().int()),
      sensors: z.array(z.number().int()).nullable(),
      start: z.number().int(),
      end: z.number().int(),
      tz: z.string(),
    }),
  })
  .meta({ id: 'ExportJob', description: 'An export: the record the start answers and an item of the history' });
export type ExportJob = z.infer<typeof ExportJob>;

export const ExportHistory = z.object({ exports: z.array(ExportJob) }).meta({ id: 'ExportHistory' });
export type ExportHistory = z.infer<typeof ExportHistory>;
