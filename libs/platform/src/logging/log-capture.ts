import type pg from 'pg';

/** The kinds the console's log links filter on (spec §2 Admin main: all, errors, ingestions, conflicts). */
export type LogKind = 'ingestion' | 'conflict' | 'error' | 'other';

/** pino's numeric levels. */
export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;

export type LogCaptureOptions = {
  /** Lines held in memory while the writer is behind; past this, lines are dropped and counted. */
  readonly maxBuffered?: number;
  /** Most lines one INSERT writes. */
  readonly batchSize?: number;
  readonly flushMs?: number;
  /** Days a line is kept (LOG_RETENTION_DAYS); older rows are swept. */
  readonly retentionDays?: number;
  readonly sweepMs?: number;
};

export type LogCaptureStats = { readonly buffered: number; readonly written: number; readonly dropped: number };

type Parsed = Record<string, unknown>;

const numberOrNull = (v: unknown): number | null => {
  const n = typeof v === 'string' && /^\d{1,18}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0 ? n : null;
};
const textOrNull = (v: unknown, max = 200): string | null => (typeof v === 'string' && v.length > 0 ? v.slice(0, max) : null);

const levelNumber = (v: unknown): number =>
  typeof v === 'number' ? v : (LOG_LEVELS[String(v) as LogLevelName] ?? LOG_LEVELS.info);

const INGESTION_PATH = /^\/api\/(data\/|ingestions?\b|stations\/\d+\/(uploads|ingestions)|lorawan|csv)/;

/**
 * What a line is about, for the console's links: anything about an upload is an ingestion (its
 * errors too, so "ingestions" shows the failed ones); a 409 or a line naming a conflict is a
 * conflict; the rest at error level or above is an error. "errors" filters on the level, not the kind.
 */
export const logKind = (line: Parsed): LogKind => {
  const path = typeof line['path'] === 'string' ? line['path'] : '';
  const msg = typeof line['msg'] === 'string' ? line['msg'] : '';
  if (
    line['ingestionId'] !== undefined ||
    line['component'] === 'ingestion' ||
    INGESTION_PATH.test(path) ||
    /\bupload/i.test(msg)
  ) {
    return 'ingestion';
  }
  const err = line['err'] as { code?: unknown } | undefined;
  if (
    line['status'] === 409 ||
    /conflict/i.test(msg) ||
    (typeof err?.code === 'string' && /CONFLICT|ALREADY|VERSION/.test(err.code))
  ) {
    return 'conflict';
  }
  return levelNumber(line['level']) >= LOG_LEVELS.error ? 'error' : 'other';
};

/** One stored row from one JSON line, or null for a line that is not a JSON object. */
export const logRow = (text: string) => {
  let line: Parsed;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    line = parsed as Parsed;
  } catch {
    return null;
  }
  const time = typeof line['time'] === 'string' || typeof line['time'] === 'number' ? new Date(line['time']) : new Date();
  return {
    time: Number.isNaN(time.getTime()) ? new Date().toISOString() : time.toISOString(),
    level: levelNumber(line['level']),
    kind: logKind(line),
    msg: typeof line['msg'] === 'string' ? line['msg'].slice(0, 2000) : '',
    process: textOrNull(line['name']),
    request_id: textOrNull(line['requestId'], 128),
    station_id: numberOrNull(line['stationId']),
    user_id: numberOrNull(line['userId']),
    fields: line,
  };
};

/**
 * Keeps the product's log lines queryable (the console's log view): a pino destination that only
 * queues each line in memory, and a timer that writes the queue to `gt_logs` in batches. Writing
 * never waits for Postgres and never throws into the caller; when the writer falls behind (or
 * Postgres is away) the queue stops at `maxBuffered` and further lines are dropped and counted, and
 * the count is itself written as a warning line once the writer catches up.
 */
export class LogCapture {
  private queue: string[] = [];
  private pool: pg.Pool | null = null;
  private flushing: Promise<void> | null = null;
  private timers: NodeJS.Timeout[] = [];
  private written = 0;
  private dropped = 0;
  private droppedReported = 0;
  private readonly maxBuffered: number;
  private readonly batchSize: number;
  private readonly flushMs: number;
  private readonly sweepMs: number;
  readonly retentionDays: number;

  constructor(options: LogCaptureOptions = {}) {
    this.maxBuffered = options.maxBuffered ?? 10_000;
    this.batchSize = options.batchSize ?? 500;
    this.flushMs = options.flushMs ?? 1000;
    this.sweepMs = options.sweepMs ?? 60 * 60 * 1000;
    this.retentionDays = options.retentionDays ?? 10;
  }

  /** The pino destination: one JSON line per call. */
  readonly stream = {
    write: (line: string): void => {
      if (this.queue.length >= this.maxBuffered) {
        this.dropped += 1;
        return;
      }
      this.queue.push(line);
    },
  };

  stats(): LogCaptureStats {
    return { buffered: this.queue.length, written: this.written, dropped: this.dropped };
  }

  /** Starts writing to Postgres (lines logged before this wait in the queue) and sweeping old rows. */
  attach(pool: pg.Pool): void {
    this.pool = pool;
    const flush = setInterval(() => void this.flush(), this.flushMs);
    const sweep = setInterval(() => void this.sweep().catch(() => undefined), this.sweepMs);
    flush.unref();
    sweep.unref();
    this.timers.push(flush, sweep);
    void this.sweep().catch(() => undefined);
  }

  /** Writes what is queued (one batch at a time; a call while one runs waits for it). */
  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (!this.pool) return;
    this.flushing = this.drain(this.pool).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  /** Removes the rows older than the retention window; answers how many went. */
  async sweep(now = new Date()): Promise<number> {
    if (!this.pool) return 0;
    const cutoff = new Date(now.getTime() - this.retentionDays * 24 * 60 * 60 * 1000);
    const result = await this.pool.query('DELETE FROM gt_logs WHERE time < $1', [cutoff]);
    return result.rowCount ?? 0;
  }

  /** Stops the timers after writing what is queued (the pool is the caller's to close, after this). */
  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await this.flush().catch(() => undefined);
    this.pool = null;
  }

  private async drain(pool: pg.Pool): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchSize);
      const rows = batch.map(logRow).filter((r) => r !== null);
      if (this.dropped > this.droppedReported) {
        const lost = this.dropped - this.droppedReported;
        this.droppedReported = this.dropped;
        rows.push(
          logRow(
            JSON.stringify({
              level: 'warn',
              time: new Date().toISOString(),
              name: 'log-capture',
              msg: `${lost} log lines were dropped: the log writer fell behind`,
              dropped: lost,
              droppedTotal: this.dropped,
            }),
          )!,
        );
      }
      try {
        await pool.query(
          `INSERT INTO gt_logs (time, level, kind, msg, process, request_id, station_id, user_id, fields)
           SELECT time, level, kind, msg, process, request_id, station_id, user_id, fields
             FROM jsonb_to_recordset($1::jsonb) AS x(time timestamptz, level smallint, kind text, msg text, process text,
               request_id text, station_id bigint, user_id bigint, fields jsonb)`,
          // jsonb refuses NUL characters, which JSON.stringify writes as \u0000.
          [JSON.stringify(rows).replace(/\\u0000/g, '')],
        );
        this.written += rows.length;
      } catch (error) {
        // Postgres away or the table missing: these lines are lost (counted), the process carries on.
        this.dropped += batch.length;
        if (!this.reportedFailure) {
          this.reportedFailure = true;
          process.stderr.write(
            `log capture: could not write log lines (${error instanceof Error ? error.message : String(error)})\n`,
          );
        }
        return;
      }
    }
  }

  private reportedFailure = false;
}
