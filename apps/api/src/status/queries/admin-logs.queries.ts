import { Injectable } from '@nestjs/common';
import { LOG_WINDOW_DAYS, type AdminLogRow, type AdminLogsQuery, type LogLevelName } from '@groundtruth/contracts';
import { LOG_LEVELS } from '@groundtruth/platform';
import type { z } from 'zod';
import { containsPattern, orderBy } from '../../common/http/list-answer.js';
import { idArray, ReadModels } from '../../read-models/read-models.js';

export type AdminLogsListQuery = z.output<typeof AdminLogsQuery>;
type Row = {
  id: string;
  time: Date;
  level: number;
  kind: AdminLogRow['kind'];
  msg: string;
  process: string | null;
  request_id: string | null;
  station_id: string | null;
  user_id: string | null;
  fields: Record<string, unknown>;
};

const sortColumns = { time: 'time', id: 'id', level: 'level' } as const;

const levelName = (n: number): LogLevelName => {
  let name: LogLevelName = 'trace';
  for (const [label, value] of Object.entries(LOG_LEVELS) as [LogLevelName, number][]) if (n >= value) name = label;
  return name;
};

const toRow = (r: Row): AdminLogRow => ({
  id: Number(r.id),
  time: new Date(r.time).toISOString(),
  level: levelName(r.level),
  kind: r.kind,
  message: r.msg,
  process: r.process,
  requestId: r.request_id,
  stationId: r.station_id === null ? null : Number(r.station_id),
  userId: r.user_id === null ? null : Number(r.user_id),
  fields: r.fields,
});

const COLUMNS = 'id, time, level, kind, msg, process, request_id, station_id, user_id, fields';

/**
 * The console's log view over `gt_logs` (the lines `LogCapture` keeps): a page of the lines of the
 * last LOG_WINDOW_DAYS that match the filter, with their count, and one line. Never older than the
 * window, even between two sweeps.
 */
@Injectable()
export class AdminLogQueries {
  constructor(private readonly readModels: ReadModels) {}

  async list(query: AdminLogsListQuery): Promise<{ rows: AdminLogRow[]; total: number }> {
    const f = query.filter;
    const params: unknown[] = [new Date(Date.now() - LOG_WINDOW_DAYS * 24 * 60 * 60 * 1000)];
    const where: string[] = ['time >= $1'];
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (f.id) add((n) => `id = ANY($${n}::bigint[])`, idArray(f.id));
    if (f.level) add((n) => `level >= $${n}`, LOG_LEVELS[f.level]);
    if (f.kind) add((n) => `kind = $${n}`, f.kind);
    if (f.requestId) add((n) => `request_id = $${n}`, f.requestId);
    if (f.stationId) add((n) => `station_id = $${n}`, f.stationId);
    if (f.userId) add((n) => `user_id = $${n}`, f.userId);
    if (f.q) add((n) => `msg ILIKE $${n}`, containsPattern(f.q));
    if (f.from) add((n) => `time >= $${n}`, new Date(f.from));
    if (f.to) add((n) => `time <= $${n}`, new Date(f.to));
    const whereSql = `WHERE ${where.join(' AND ')}`;
    const [start, end] = query.range;
    const [rows, count] = await Promise.all([
      this.readModels.rows<Row>(
        `SELECT ${COLUMNS} FROM gt_logs ${whereSql} ${orderBy(sortColumns, query.sort, 'id')} LIMIT ${end - start + 1} OFFSET ${start}`,
        params,
      ),
      this.readModels.row<{ n: number }>(`SELECT count(*)::int AS n FROM gt_logs ${whereSql}`, params),
    ]);
    return { rows: rows.map(toRow), total: count?.n ?? 0 };
  }

  async one(id: number): Promise<AdminLogRow | null> {
    const row = await this.readModels.row<Row>(`SELECT ${COLUMNS} FROM gt_logs WHERE id = $1`, [id]);
    return row ? toRow(row) : null;
  }
}
