import { Controller, Res } from '@nestjs/common';
import { routes, type AdminProjectionsQuery } from '@groundtruth/contracts';
import { authorize, type Actor } from '@groundtruth/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { listAnswer } from '../common/http/list-answer.js';
import { ProjectionOpsQueries } from './queries/projection-ops.queries.js';
import { StatusService } from './status.service.js';

/** The console's Projections: each read model's position, lag, state and error, as /status shows them. */
@Controller()
export class AdminProjectionsController {
  constructor(
    private readonly service: StatusService,
    private readonly ops: ProjectionOpsQueries,
  ) {}

  @ApiRoute(routes.adminListProjections)
  async list(
    @CurrentActor() actor: Actor,
    @Input('query') query: z.output<typeof AdminProjectionsQuery>,
    @Res({ passthrough: true }) res: Response,
  ) {
    authorize(actor, 'admin.projections', {});
    const wanted = query.filter.id ? new Set(query.filter.id) : null;
    const [projections, rebuilds, failures] = await Promise.all([
      this.service.projections(),
      this.ops.latestRebuilds(),
      this.ops.openFailureCounts(),
    ]);
    const all = projections
      .filter((p) => wanted === null || wanted.has(p.name))
      .map((p) => ({ ...p, id: p.name, rebuild: rebuilds.get(p.name) ?? null, openFailures: failures.get(p.name) ?? 0 }))
      .sort((a, b) => a.id.localeCompare(b.id) * (query.sort[1] === 'DESC' ? -1 : 1));
    const [start, end] = query.range;
    return listAnswer(res, 'projections', query, all.slice(start, end + 1), all.length);
  }
}
