import { Controller, Res } from '@nestjs/common';
import { routes, type ProjectionFailuresQuery, type ProjectionRequestAnswer } from '@groundtruth/contracts';
import { authorize, type Actor } from '@groundtruth/domain';
import type { Response } from 'express';
import type { z } from 'zod';
import { CurrentActor, userIdOf } from '../accounts/index.js';
import { commandMetadata } from '../common/cqrs/command-metadata.js';
import { CommandGateway } from '../common/cqrs/command-gateway.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { listAnswer } from '../common/http/list-answer.js';
import { RebuildProjectionCommand } from './commands/rebuild-projection/rebuild-projection.command.js';
import { RetryFailedEventCommand } from './commands/retry-failed-event/retry-failed-event.command.js';
import { SkipFailedEventCommand } from './commands/skip-failed-event/skip-failed-event.command.js';
import { ProjectionOpsQueries, toFailureRow } from './queries/projection-ops.queries.js';

/**
 * The console's Projections, item 6 of issue 28: failed events, retry and skip of one, rebuild of one
 * projection or all. Each command is an event on the projection's stream with the admin as actor
 * (`projection-<name>`); the projector's ProjectionOps acts on it.
 */
@Controller()
export class ProjectionOpsController {
  constructor(
    private readonly queries: ProjectionOpsQueries,
    private readonly commands: CommandGateway,
  ) {}

  @ApiRoute(routes.adminListProjectionFailures)
  async failures(
    @CurrentActor() actor: Actor,
    @Input('query') query: z.output<typeof ProjectionFailuresQuery>,
    @Res({ passthrough: true }) res: Response,
  ) {
    authorize(actor, 'admin.projections', {});
    const [start, end] = query.range;
    const { rows, total } = await this.queries.failures(
      { projection: query.filter.projection, open: query.filter.open, ids: query.filter.id },
      { offset: start, limit: end - start + 1, ascending: query.sort[1] === 'ASC' },
    );
    return listAnswer(res, 'projection-failures', query, rows.map(toFailureRow), total);
  }

  @ApiRoute(routes.adminRetryProjectionFailure)
  async retry(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<ProjectionRequestAnswer> {
    authorize(actor, 'admin.retryProjectionEvent', {});
    const { facts, failure } = await this.queries.facts(id);
    const meta = commandMetadata(userIdOf(actor));
    const projection = failure?.projection ?? '';
    await this.commands.execute(new RetryFailedEventCommand({ projection, eventId: failure?.eventId ?? '', facts }, meta));
    return { requestId: meta.correlationId, projections: [projection] };
  }

  @ApiRoute(routes.adminSkipProjectionFailure)
  async skip(@CurrentActor() actor: Actor, @Input('params') { id }: { id: number }): Promise<ProjectionRequestAnswer> {
    authorize(actor, 'admin.skipProjectionEvent', {});
    const { facts, failure } = await this.queries.facts(id);
    const meta = commandMetadata(userIdOf(actor));
    const projection = failure?.projection ?? '';
    await this.commands.execute(new SkipFailedEventCommand({ projection, eventId: failure?.eventId ?? '', facts }, meta));
    return { requestId: meta.correlationId, projections: [projection] };
  }

  @ApiRoute(routes.adminRebuildProjection)
  async rebuild(@CurrentActor() actor: Actor, @Input('params') { name }: { name: string }): Promise<ProjectionRequestAnswer> {
    authorize(actor, 'admin.rebuildProjection', {});
    const { facts } = await this.queries.facts();
    const meta = commandMetadata(userIdOf(actor));
    await this.commands.execute(new RebuildProjectionCommand({ projection: name, facts }, meta));
    const projections = name === 'all' ? [...facts.projections] : [name];
    await this.queries.queueRebuilds(projections, meta.correlationId, meta.userId);
    return { requestId: meta.correlationId, projections };
  }
}
