import { Controller, Res } from '@nestjs/common';
import { LOG_WINDOW_DAYS, routes, type AdminLogRow, type AdminLogsQuery, type LogLevelName } from '@groundtruth/contracts';
import { authorize, DomainError, type Actor } from '@groundtruth/domain';
import { LOG_LEVELS } from '@groundtruth/platform';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { containsPattern, listAnswer, orderBy } from '../common/http/list-answer.js';
import { idArray, ReadModels } from '../read-models/read-models.js';

type Query = z.output<typeof AdminLogsQuery>;
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
 * The console's log view (spec §2 Admin main: all, errors, ingestions, conflicts over 10 days): the
 * lines the API and projector wrote (`LogCapture` keeps them in gt_logs). Never older than the
 * window, even between two sweeps.
 */
@Controller()
export class AdminLogsController {
  constructor(private readonly readModels: ReadModels) {}

  @ApiRoute(routes.adminListLogs)
  async list(@CurrentActor() actor: Actor, @Input('query') query: Query, @Res({ passthrough: true }) res: Response) {
    authorize(actor, 'admin.logs', {});
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
    return listAnswer(res, 'logs', query, rows.map(toRow), count?.n ?? 0);
  }

  @ApiRoute(routes.adminGetLog)
  async one(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<AdminLogRow> {
    authorize(actor, 'admin.logs', {});
    const row = await this.readModels.row<Row>(`SELECT ${COLUMNS} FROM gt_logs WHERE id = $1`, [id]);
    if (!row) throw new DomainError('not_found', 'LOG.NOT_FOUND', 'No such log line (lines older than 10 days are removed).');
    return toRow(row);
  }
}
