import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ExportFormat, ExportJob, ExportQuery } from '@groundtruth/contracts';
import { DomainError, exportDecider, exportFileName, exportStream, type CommandMetadata } from '@groundtruth/domain';
import {
  APP_CONFIG,
  decideAndAppend,
  EVENT_STORE,
  PG_POOL,
  type AppConfig,
  type EventStore,
  type PgPool,
} from '@groundtruth/platform';
import { ReadModels } from '../read-models/read-models.js';

type Row = {
  id: string;
  token: string;
  format: ExportFormat;
  state: ExportJob['state'];
  query: ExportJob['query'];
  file_name: string;
  created_at: Date;
  completed_at: Date | null;
  total_rows: string | null;
  rows: string;
  size: string | null;
  downloaded: boolean;
  error: string | null;
  error_code: string | null;
  expires_at: Date | null;
};

const COLUMNS =
  'id, token, format, state, query, file_name, created_at, completed_at, total_rows, rows, size, downloaded, error, error_code, expires_at';

/** Seconds a caller refused for too many exports is told to wait: a small export's time, about. */
const EXPORT_RETRY_AFTER_SECONDS = 30;

/** Advisory lock namespace of one person's export queue (the event log's append lock is 26484). */
const OWNER_QUEUE_LOCK = 26485;

const toJob = (raw: Row): ExportJob => {
  const now = Date.now();
  // Past its expiry a done export is expired at once, whether or not the sweep has deleted the file yet.
  const r: Row =
    raw.state === 'done' && raw.expires_at !== null && raw.expires_at.getTime() <= now ? { ...raw, state: 'expired' } : raw;
  const rows = Number(r.rows);
  const total = r.total_rows === null ? null : Number(r.total_rows);
  const progress =
    r.state === 'done' || r.state === 'expired'
      ? 100
      : total === null || total === 0
        ? 0
        : Math.min(99, Math.floor((rows / total) * 1000) / 10);
  return {
    id: Number(r.id),
    token: r.token,
    format: r.format,
    state: r.state,
    createdAt: r.created_at.getTime(),
    completedAt: r.completed_at?.getTime() ?? null,
    progress,
    rows,
    size: r.size === null ? null : Number(r.size),
    statusUrl: `/api/export/${r.token}`,
    downloadUrl: r.state === 'done' ? `/api/export/${r.token}/download` : null,
    fileName: r.file_name,
    downloaded: r.downloaded,
    error: r.error,
    errorCode: r.error_code,
    expiresAt: r.expires_at?.getTime() ?? null,
    query: r.query,
  };
};

export const notFound = () => new DomainError('not_found', 'EXPORT.NOT_FOUND', 'No such export.');

export const expired = (job: ExportJob) =>
  new DomainError(
    'gone',
    'EXPORT.EXPIRED',
    `This export expired on ${new Date(job.expiresAt ?? Date.now()).toISOString()} and its file was deleted; export the data again.`,
  );

const tooMany = (limit: number) =>
  Object.assign(
    new DomainError(
      'too_many_requests',
      'EXPORT.TOO_MANY',
      `You already have ${limit} export${limit === 1 ? '' : 's'} waiting or running, as many as one person may. Start this one when one of them has finished.`,
    ),
    { retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS },
  );

/** Export job records (`gt_exports`, migration 013); the projector's ExportRunner runs them. */
@Injectable()
export class ExportJobs {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly readModels: ReadModels,
  ) {}

  /**
   * Queues an export unless its owner already has EXPORT_MAX_WAITING_PER_USER waiting or running
   * (a 429): counted and inserted under a lock on the owner's queue, so parallel requests cannot
   * both take the last place. `ExportRequested` starts the export's stream before the row commits:
   * a failed append leaves no job, so every job has its history.
   */
  async queue(ownerId: number, format: ExportFormat, q: ExportQuery, meta: CommandMetadata): Promise<ExportJob> {
    const stations = [...new Set(q.stations)];
    const query: ExportJob['query'] = {
      stations,
      sensors: q.sensors ? [...new Set(q.sensors)] : null,
      start: q.start,
      end: q.end,
      tz: q.tz,
    };
    const limit = this.config.usage.exportsWaitingPerUser;
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, $2)', [OWNER_QUEUE_LOCK, ownerId % 2 ** 31]);
      const waiting = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM gt_exports WHERE owner_id = $1 AND state IN ('queued', 'running')`,
        [ownerId],
      );
      if (waiting.rows[0]!.n >= limit) throw tooMany(limit);
      const r = await client.query<Row>(
        `INSERT INTO gt_exports (token, owner_id, format, query, file_name) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
        [
          randomBytes(18).toString('base64url'),
          ownerId,
          format,
          JSON.stringify(query),
          exportFileName(format, stations, q.start, q.end, q.tz),
        ],
      );
      const job = toJob(r.rows[0]!);
      await decideAndAppend(
        this.store,
        exportDecider,
        exportStream(job.id),
        {
          type: 'RequestExport',
          data: { exportId: job.id, ownerId, format, query: job.query, fileName: job.fileName },
        },
        meta,
      );
      await client.query('COMMIT');
      return job;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** The hardware model names of stations (null where none was reported): exports refuse NodeRed ones. */
  async modelNames(stations: readonly number[]): Promise<(string | null)[]> {
    const rows = await this.readModels.rows<{ model: string | null }>('SELECT model FROM stations WHERE id = ANY($1::bigint[])', [
      stations,
    ]);
    return rows.map((row) => row.model);
  }

  async get(ownerId: number, token: string): Promise<ExportJob> {
    const r = await this.pool.query<Row>(`SELECT ${COLUMNS} FROM gt_exports WHERE token = $1 AND owner_id = $2`, [
      token,
      ownerId,
    ]);
    if (!r.rows[0]) throw notFound();
    return toJob(r.rows[0]);
  }

  async history(ownerId: number): Promise<ExportJob[]> {
    const r = await this.pool.query<Row>(
      `SELECT ${COLUMNS} FROM gt_exports WHERE owner_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100`,
      [ownerId],
    );
    return r.rows.map(toJob);
  }

  /** Whose export this is (for its history's policy), or null when there is none by that id. */
  async ownerOf(exportId: number): Promise<number | null> {
    const r = await this.pool.query<{ owner_id: string }>('SELECT owner_id FROM gt_exports WHERE id = $1', [exportId]);
    return r.rows[0] ? Number(r.rows[0].owner_id) : null;
  }

  async markDownloaded(id: number): Promise<void> {
    await this.pool.query('UPDATE gt_exports SET downloaded = true WHERE id = $1', [id]);
  }
}
