import { z } from 'zod';

// Bulk analysis (issue 30): one read-only SQL statement over the analysis tables, answered by ClickHouse.

/** The answer's forms, by `Accept`: ClickHouse's JSON (with `meta`, `data`, `rows`, `statistics`), CSV with a header, JSON lines. */
export const ANALYSIS_MEDIA_TYPES = {
  json: 'application/json',
  csv: 'text/csv',
  jsonLines: 'application/jsonl',
} as const;
export type AnalysisMediaType = (typeof ANALYSIS_MEDIA_TYPES)[keyof typeof ANALYSIS_MEDIA_TYPES];

export const AnalysisQueryBody = z.strictObject({
  /** The statement; its length limit is the server's (ANALYSIS.STATEMENT_TOO_LONG), so it is not repeated here. */
  sql: z.string().min(1, { error: 'Write a SQL statement.' }).max(1_000_000),
});
export type AnalysisQueryBody = z.infer<typeof AnalysisQueryBody>;

/** The JSON answer: ClickHouse's JSON format, with the server's elapsed time added. */
export const AnalysisResult = z.object({
  meta: z.array(z.object({ name: z.string(), type: z.string() })),
  data: z.array(z.record(z.string(), z.unknown())),
  rows: z.number().int().nonnegative(),
  statistics: z.object({ elapsed: z.number(), rows_read: z.number(), bytes_read: z.number() }).partial().optional(),
});
export type AnalysisResult = z.infer<typeof AnalysisResult>;

export const AnalysisColumn = z.object({ name: z.string(), type: z.string(), description: z.string() });
export const AnalysisTable = z.object({
  name: z.string(),
  description: z.string(),
  columns: z.array(AnalysisColumn),
});
export type AnalysisTable = z.infer<typeof AnalysisTable>;

/** What a query may read, and the caller's stations and sensors to name in it. */
export const AnalysisSchema = z.object({
  tables: z.array(AnalysisTable),
  limits: z.object({
    maxExecutionSeconds: z.number(),
    maxMemoryBytes: z.number(),
    maxRowsToRead: z.number(),
    maxResultRows: z.number(),
    maxResultBytes: z.number(),
    maxStatementChars: z.number(),
  }),
  stations: z.array(z.object({ id: z.number().int(), name: z.string(), access: z.enum(['public', 'own', 'project', 'admin']) })),
  sensors: z.array(
    z.object({ id: z.number().int(), key: z.string(), unit: z.string().nullable(), aggregate: z.enum(['max', 'mean']) }),
  ),
});
export type AnalysisSchema = z.infer<typeof AnalysisSchema>;
