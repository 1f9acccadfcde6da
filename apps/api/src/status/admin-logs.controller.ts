import { Controller, Res } from '@nestjs/common';
import { routes, type AdminLogRow } from '@groundtruth/contracts';
import { authorize, DomainError, type Actor } from '@groundtruth/domain';
import type { Response } from 'express';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { listAnswer } from '../common/http/list-answer.js';
import { AdminLogQueries, type AdminLogsListQuery } from './queries/admin-logs.queries.js';

/**
 * The console's log view (spec §2 Admin main: all, errors, ingestions, conflicts over 10 days): the
 * lines the API and projector wrote, read by AdminLogQueries.
 */
@Controller()
export class AdminLogsController {
  constructor(private readonly logs: AdminLogQueries) {}

  @ApiRoute(routes.adminListLogs)
  async list(@CurrentActor() actor: Actor, @Input('query') query: AdminLogsListQuery, @Res({ passthrough: true }) res: Response) {
    authorize(actor, 'admin.logs', {});
    const { rows, total } = await this.logs.list(query);
    return listAnswer(res, 'logs', query, rows, total);
  }

  @ApiRoute(routes.adminGetLog)
  async one(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<AdminLogRow> {
    authorize(actor, 'admin.logs', {});
    const row = await this.logs.one(id);
    if (!row) throw new DomainError('not_found', 'LOG.NOT_FOUND', 'No such log line (lines older than 10 days are removed).');
    return row;
  }
}
