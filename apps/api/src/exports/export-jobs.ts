import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { ExportFormat, ExportJob, ExportQuery } from '@groundtruth/contracts';
import { DomainError, exportFileName } from '@groundtruth/domain';
import { PG_POOL, type PgPool } from '@groundtruth/platform';
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
};

const COLUMNS = 'id, token, format, state, query, file_name, created_at, completed_at, total_rows, rows, size, downloaded, error';

const toJob = (r: Row): ExportJob => {
  const rows = Number(r.rows);
  const total = r.total_rows === null ? null : Number(r.total_rows);
  const progress =
    r.state === 'done' ? 100 : total === null || total === 0 ? 0 : Math.min(99, Math.floor((rows / total) * 1000) / 10);
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
    query: r.query,
  };
};

export const notFound = () => new DomainError('not_found', 'EXPORT.NOT_FOUND', 'No such export.');

/** Export job records (`gt_exports`, migration 013); the projector's ExportRunner runs them. */
@Injectable()
export class ExportJobs {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    private readonly readModels: ReadModels,
  ) {}

  async queue(ownerId: number, format: ExportFormat, q: ExportQuery): Promise<ExportJob> {
    const stations = [...new Set(q.stations)];
    const query: ExportJob['query'] = {
      stations,
      sensors: q.sensors ? [...new Set(q.sensors)] : null,
      start: q.start,
      end: q.end,
      tz: q.tz,
    };
    const r = await this.pool.query<Row>(
      `INSERT INTO gt_exports (token, owner_id, format, query, file_name) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [
        randomBytes(18).toString('base64url'),
        ownerId,
        format,
        JSON.stringify(query),
        exportFileName(format, stations, q.start, q.end, q.tz),
      ],
    );
    return toJob(r.rows[0]!);
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

  async markDownloaded(id: number): Promise<void> {
    await this.pool.query('UPDATE gt_exports SET downloaded = true WHERE id = $1', [id]);
  }
}
