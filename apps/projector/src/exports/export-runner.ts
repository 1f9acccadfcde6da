import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  exportDecider,
  exportStream,
  ExportWriter,
  type ExportCommand,
  type ExportFileFormat,
  type ExportMeta,
} from '@groundtruth/domain';
import {
  APP_CONFIG,
  CLICKHOUSE,
  decideAndAppend,
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
  exportFilePath,
  exportsDir,
  LOGGER,
  PG_POOL,
  type AppConfig,
  type ClickHouse,
  type Logger,
  type PgPool,
  type StreamedPart,
} from '@groundtruth/platform';
import { LineCutter, exportLinesSql, fixValues } from './export-lines.js';

/** How often an idle runner looks for queued exports (the API also wakes it in the same process). */
const IDLE_MS = 1_000;
/** A running job whose runner has not beaten for this long is taken over (its process stopped). */
export const EXPORT_STALE_MS = 30_000;
/** Progress and heartbeat are written at most this often. */
const PROGRESS_MS = 500;
/** How often expired export files are looked for and deleted (EXPORT_RETENTION_DAYS). */
export const EXPORT_SWEEP_MS = 60_000;

/** An export that grew past EXPORT_MAX_BYTES: it fails with this code, which the history shows. */
export class ExportTooLarge extends Error {
  readonly code = 'EXPORT.TOO_LARGE';
  constructor(limit: number) {
    super(
      `This export passed ${limit.toLocaleString('en-US')} bytes, the size limit of one export: choose fewer stations, sensors or days.`,
    );
  }
}
/**
 * Readings one export query sorts at most (unless one station's month holds more): bounds the
 * engine's memory for a job whatever its size, and how long other queries wait behind it in chDB.
 * Measured on 10.5 M readings: 200,000 took half as much CPU again (more, smaller queries),
 * 1,100,000 (a station-year a query) raised the process's RSS by 190 MB over the export, this by 120-140.
 */
export const EXPORT_WINDOW_ROWS = 500_000;
/**
 * The same in embedded mode, where each window's answer is made whole before it is written (chDB's
 * streaming query breaks when another statement runs meanwhile; see ClickHouse.stream): about 10 MB
 * of CSV a window.
 */
export const EMBEDDED_EXPORT_WINDOW_ROWS = 100_000;

type Job = {
  id: string;
  token: string;
  format: ExportFileFormat;
  query: { stations: number[]; sensors: number[] | null; start: number; end: number; tz: string };
  created_at: Date;
  attempts: number;
};

/**
 * Runs export jobs (DESIGN.md: in the projector). A job is a `gt_exports` row: claimed with SKIP
 * LOCKED (one runner per job across processes), then ClickHouse writes its lines (export-lines.ts),
 * one query per station and run of months (`plan`), streamed into a file under DATA_DIR/exports,
 * never the whole result in memory. The
 * record keeps state, progress and a heartbeat; after a restart, queued jobs and running ones
 * whose heartbeat stopped are run again from the start (the file is written beside and renamed
 * when whole, so a download never sees half a file).
 */
@Injectable()
export class ExportRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopped = false;
  private lastSweep = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private wakeAgain = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(CLICKHOUSE) private readonly clickhouse: ClickHouse,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /**
   * Tells the export's stream what happened (started, completed, failed, expired), as the system,
   * in the correlation of the owner's request and caused by the stream's last event. The job row
   * stays what the runner works from: a failed append is logged, never the reason a run fails
   * (an export queued before exports had streams has none, and is told nothing).
   */
  private async record(exportId: string | number, command: ExportCommand): Promise<void> {
    const streamId = exportStream(Number(exportId));
    for (let attempt = 0; ; attempt += 1) {
      try {
        const history = await this.store.readStream(streamId);
        const first = history[0];
        const last = history[history.length - 1];
        const correlationId = first?.metadata.correlationId ?? randomUUID();
        await decideAndAppend(this.store, exportDecider, streamId, command, {
          correlationId,
          causationId: last?.metadata.eventId ?? correlationId,
          userId: null,
          now: new Date().toISOString(),
        });
        return;
      } catch (err) {
        if (err instanceof WrongExpectedRevisionError && attempt < 3) continue;
        this.log.warn({ err, exportId, event: command.type }, 'export history not recorded');
        return;
      }
    }
  }

  onApplicationBootstrap(): void {
    mkdirSync(exportsDir(this.config.dataDir), { recursive: true });
    this.schedule(0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** A job was queued: look now. */
  wake(): void {
    if (this.running) this.wakeAgain = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.running = this.drain()
        .catch((err: unknown) => this.log.error({ err }, 'export runner failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.wakeAgain ? 0 : IDLE_MS);
          this.wakeAgain = false;
        });
    }, ms);
  }

  private async drain(): Promise<void> {
    if (Date.now() - this.lastSweep >= EXPORT_SWEEP_MS) {
      this.lastSweep = Date.now();
      await this.sweepExpired().catch((err: unknown) => this.log.warn({ err }, 'export sweep failed'));
    }
    for (let job = await this.claim(); job && !this.stopped; job = await this.claim()) await this.run(job);
  }

  /**
   * Deletes the files of exports done longer ago than EXPORT_RETENTION_DAYS and marks them expired
   * (the history says so; a download is a 410). The file goes first: a stop in between leaves a
   * record past its expiry, which the API already treats as expired, and the next sweep marks it.
   * Answers how many expired.
   */
  async sweepExpired(): Promise<number> {
    await this.pool.query(
      `UPDATE gt_exports SET expires_at = completed_at + make_interval(days => $1) WHERE state = 'done' AND expires_at IS NULL`,
      [this.config.usage.exportRetentionDays],
    );
    const due = await this.pool.query<{ id: string; token: string; format: ExportFileFormat }>(
      `SELECT id, token, format FROM gt_exports WHERE state = 'done' AND expires_at <= now() ORDER BY expires_at LIMIT 1000`,
    );
    for (const job of due.rows) {
      rmSync(exportFilePath(this.config.dataDir, job.token, job.format), { force: true });
      const marked = await this.pool.query(
        `UPDATE gt_exports SET state = 'expired', expired_at = now() WHERE id = $1 AND state = 'done'`,
        [job.id],
      );
      if (marked.rowCount) await this.record(job.id, { type: 'ExpireExport', data: {} });
    }
    if (due.rows.length > 0) this.log.info({ expired: due.rows.length }, 'expired export files deleted');
    return due.rows.length;
  }

  /**
   * The oldest waiting export whose owner has fewer than EXPORT_MAX_RUNNING_PER_USER running (one
   * person's queue never holds up everyone else's), or a running one whose runner stopped beating.
   */
  private async claim(): Promise<Job | null> {
    const r = await this.pool.query<Job>(
      `UPDATE gt_exports SET state = 'running', started_at = now(), heartbeat_at = now(), attempts = attempts + 1,
              rows = 0, total_rows = NULL, error = NULL, error_code = NULL
        WHERE id = (SELECT e.id FROM gt_exports e
                     WHERE (e.state = 'running' AND e.heartbeat_at < now() - make_interval(secs => $1))
                        OR (e.state = 'queued' AND (
                              SELECT count(*) FROM gt_exports r
                               WHERE r.owner_id = e.owner_id AND r.state = 'running'
                                 AND r.heartbeat_at >= now() - make_interval(secs => $1)) < $2)
                     ORDER BY e.created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id, token, format, query, created_at, attempts`,
      [EXPORT_STALE_MS / 1000, this.config.usage.exportsRunningPerUser],
    );
    return r.rows[0] ?? null;
  }

  private async run(job: Job): Promise<void> {
    const { dataDir } = this.config;
    const path = exportFilePath(dataDir, job.token, job.format);
    const partial = `${path}.part`;
    await this.record(job.id, { type: 'StartExport', data: { attempt: job.attempts } });
    try {
      if (job.attempts > 3) throw new Error('Stopped three times while running');
      const rows = await this.write(job, partial);
      renameSync(partial, path);
      const size = statSync(path).size;
      const done = await this.pool.query<{ expires_at: Date }>(
        `UPDATE gt_exports SET state = 'done', completed_at = now(), rows = $2, total_rows = $2, size = $3, heartbeat_at = now(),
                expires_at = now() + make_interval(days => $4)
          WHERE id = $1 RETURNING expires_at`,
        [job.id, rows, size, this.config.usage.exportRetentionDays],
      );
      const expiresAt = done.rows[0]?.expires_at ?? new Date();
      await this.record(job.id, { type: 'CompleteExport', data: { rows, size, expiresAt: expiresAt.toISOString() } });
    } catch (err) {
      rmSync(partial, { force: true });
      this.log.warn({ err, exportId: job.id }, 'export failed');
      const error = err instanceof Error ? err.message.slice(0, 500) : 'failed';
      const errorCode = err instanceof ExportTooLarge ? err.code : null;
      await this.pool.query(
        `UPDATE gt_exports SET state = 'failed', completed_at = now(), error = $2, error_code = $3 WHERE id = $1`,
        [job.id, error, errorCode],
      );
      await this.record(job.id, { type: 'FailExport', data: { error, errorCode } });
    }
  }

  private async write(job: Job, path: string): Promise<number> {
    const q = job.query;
    const names = await this.pool.query<{ id: string; name: string }>(
      'SELECT id, name FROM stations WHERE id = ANY($1::bigint[])',
      [q.stations],
    );
    const byId = new Map(names.rows.map((r) => [Number(r.id), r.name]));
    const meta: ExportMeta = {
      format: job.format,
      stations: q.stations.map((id) => ({ id, name: byId.get(id) ?? '' })),
      sensors: q.sensors,
      start: q.start,
      end: q.end,
      tz: q.tz,
      createdAt: job.created_at.getTime(),
    };
    const windows = await this.plan(q);
    await this.pool.query('UPDATE gt_exports SET total_rows = $2 WHERE id = $1', [
      job.id,
      windows.reduce((sum, w) => sum + w.rows, 0),
    ]);

    const out = createWriteStream(path, { highWaterMark: 1 << 20 });
    const maxBytes = this.config.usage.exportMaxBytes;
    let bytesWritten = 0;
    const put = async (bytes: string | Buffer) => {
      bytesWritten += typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.byteLength;
      // Stopped as soon as it passes the limit: the file never holds more than one part beyond it.
      if (bytesWritten > maxBytes) throw new ExportTooLarge(maxBytes);
      if (!out.write(bytes)) await once(out, 'drain');
    };
    let written = 0;
    let lastBeat = Date.now();
    try {
      await put(new ExportWriter(meta).head());
      const sqlOf = (w: (typeof windows)[number]) => {
        const station = meta.stations.find((s) => s.id === w.station)!;
        return exportLinesSql({ format: job.format, station, sensors: q.sensors, from: w.from, to: w.to, tz: q.tz });
      };
      // Embedded, each window's answer comes whole (ClickHouse.stream): the next one is asked for
      // while this one goes to the file, so that the engine and the disk work side by side.
      const embedded = this.clickhouse.mode === 'chdb';
      const whole = (sql: string): Promise<StreamedPart[]> => {
        const answer = (async () => {
          const got: StreamedPart[] = [];
          for await (const part of this.clickhouse.stream(sql, 'TabSeparatedRaw')) got.push(part);
          return got;
        })();
        answer.catch(() => undefined); // awaited below; a stopped export may leave it unawaited
        return answer;
      };
      let nextWhole = embedded && windows.length > 0 ? whole(sqlOf(windows[0]!)) : null;
      for (const [index, w] of windows.entries()) {
        const station = meta.stations.find((s) => s.id === w.station)!;
        // The parts are cut into whole lines and counted (neither a server nor chDB says how many).
        const lines = new LineCutter(job.format, station.name);
        let source: AsyncIterable<StreamedPart>;
        if (nextWhole) {
          const answer = await nextWhole;
          nextWhole = index + 1 < windows.length ? whole(sqlOf(windows[index + 1]!)) : null;
          source = (async function* () {
            yield* answer;
          })();
        } else source = this.clickhouse.stream(sqlOf(w), 'TabSeparatedRaw');
        // With a server the engine makes the next part while the file takes this one (waiting for the
        // disk before asking for more kept one of them idle: a third of the time went to writing alone).
        const parts = source[Symbol.asyncIterator]();
        let ahead: Promise<IteratorResult<StreamedPart>> = parts.next();
        let done = false;
        try {
          for (let next = await ahead; !next.done; next = await ahead) {
            ahead = parts.next();
            if (this.stopped) throw new Error('The projector stopped; the export runs again at its next start');
            const part = next.value;
            const cut = lines.take(Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength));
            written += cut.lines;
            await put(fixValues(cut.bytes));
            if (Date.now() - lastBeat > PROGRESS_MS) {
              lastBeat = Date.now();
              await this.pool.query('UPDATE gt_exports SET rows = $2, heartbeat_at = now() WHERE id = $1', [job.id, written]);
            }
          }
          done = true;
        } finally {
          if (!done) {
            // Stopped early: let the part asked for arrive (or fail) before the stream is closed.
            await ahead.catch(() => undefined);
            await parts.return?.();
          }
        }
        lines.end();
      }
      out.end();
      await once(out, 'finish');
    } catch (err) {
      out.destroy();
      throw err;
    }
    return written;
  }

  /**
   * The queries of an export: per station (in the order asked), runs of whole months (the table's
   * partitions) holding up to EXPORT_WINDOW_ROWS (embedded: EMBEDDED_EXPORT_WINDOW_ROWS) readings, so that each query sorts a bounded
   * number of rows and the engine is free for other queries between them. Counted without FINAL:
   * an estimate for progress (replayed readings not yet merged count twice), the file counts exactly.
   */
  private async plan(q: Job['query']): Promise<{ station: number; from: number; to: number; rows: number }[]> {
    const windowRows = this.clickhouse.mode === 'chdb' ? EMBEDDED_EXPORT_WINDOW_ROWS : EXPORT_WINDOW_ROWS;
    const r = await this.clickhouse.client.query({
      query: `SELECT toUInt32(station_id) AS station, toUInt32(toYYYYMM(time)) AS month, toUInt64(count()) AS n
                FROM readings WHERE ${filters(q)} GROUP BY station, month ORDER BY station, month`,
      query_params: params(q),
      format: 'JSONEachRow',
    });
    const months = await r.json<{ station: number; month: number; n: string | number }>();
    const windows: { station: number; from: number; to: number; rows: number }[] = [];
    for (const station of q.stations) {
      let open: { station: number; from: number; to: number; rows: number } | null = null;
      for (const m of months) {
        if (Number(m.station) !== station) continue;
        const month = Number(m.month);
        const from = Math.max(q.start, Date.UTC(Math.floor(month / 100), (month % 100) - 1, 1));
        const to = Math.min(q.end, Date.UTC(Math.floor(month / 100), month % 100, 1));
        const rows = Number(m.n);
        if (open && open.rows + rows <= windowRows) {
          open.to = to;
          open.rows += rows;
        } else {
          if (open) windows.push(open);
          open = { station, from, to, rows };
        }
      }
      if (open) windows.push(open);
    }
    return windows;
  }
}

const filters = (q: Job['query']): string =>
  [
    'station_id IN {stations:Array(UInt32)}',
    q.sensors && q.sensors.length > 0 ? 'sensor_id IN {sensors:Array(UInt32)}' : null,
    "time >= fromUnixTimestamp64Milli({from:Int64}, 'UTC') AND time < fromUnixTimestamp64Milli({to:Int64}, 'UTC')",
  ]
    .filter((x) => x !== null)
    .join(' AND ');

const params = (q: Job['query']) => ({ stations: q.stations, sensors: q.sensors ?? [], from: q.start, to: q.end });
