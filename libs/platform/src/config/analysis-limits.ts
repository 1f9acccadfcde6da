import { ConfigError } from './config-error.js';

/**
 * The server's limits on an analysis query, read once from the environment. A query's text cannot
 * change them: the statement may hold no SETTINGS clause, and the server's settings come last.
 */
export type AnalysisLimits = {
  readonly maxExecutionSeconds: number;
  readonly maxMemoryBytes: number;
  readonly maxRowsToRead: number;
  readonly maxResultRows: number;
  readonly maxResultBytes: number;
  readonly maxStatementChars: number;
  /** Threads one analysis query may use (the product's charts share the engine). */
  readonly maxThreads: number;
};

/** Memory stays modest by default: embedded, ClickHouse runs inside the product's own process. */
const DEFAULTS: AnalysisLimits = {
  maxExecutionSeconds: 10,
  maxMemoryBytes: 512 * 1024 ** 2,
  maxRowsToRead: 500_000_000,
  maxResultRows: 100_000,
  maxResultBytes: 64 * 1024 ** 2,
  maxStatementChars: 20_000,
  maxThreads: 2,
};

const VARIABLES: Record<keyof AnalysisLimits, string> = {
  maxExecutionSeconds: 'ANALYSIS_MAX_EXECUTION_SECONDS',
  maxMemoryBytes: 'ANALYSIS_MAX_MEMORY_BYTES',
  maxRowsToRead: 'ANALYSIS_MAX_ROWS_TO_READ',
  maxResultRows: 'ANALYSIS_MAX_RESULT_ROWS',
  maxResultBytes: 'ANALYSIS_MAX_RESULT_BYTES',
  maxStatementChars: 'ANALYSIS_MAX_STATEMENT_CHARS',
  maxThreads: 'ANALYSIS_MAX_THREADS',
};

/** The limits, each from its variable when set (a positive number), else its default; a bad value is a startup error naming the variable. */
export const analysisLimitsFrom = (env: NodeJS.ProcessEnv): AnalysisLimits => {
  const limits: Record<string, number> = { ...DEFAULTS };
  for (const [key, variable] of Object.entries(VARIABLES)) {
    const raw = env[variable];
    if (raw === undefined || raw === '') continue;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${variable} must be a positive number, got "${raw}"`);
    limits[key] = value;
  }
  return limits as AnalysisLimits;
};
