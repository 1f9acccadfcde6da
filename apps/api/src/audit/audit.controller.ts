import { Controller } from '@nestjs/common';
import { routes, type AuditHistoryQuery } from '@groundtruth/contracts';
import type { Actor } from '@groundtruth/domain';
import { CurrentActor } from '../accounts/index.js';
import { ApiRoute, Input } from '../common/http/api-route.decorator.js';
import { AuditHistoryQueries } from './queries/audit-history.queries.js';

/** Audit replay: read only, from the log. */
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditHistoryQueries) {}

  @ApiRoute(routes.auditStream)
  stream(
    @CurrentActor() actor: Actor,
    @Input('params') { stream }: { stream: string },
    @Input('query') query: AuditHistoryQuery,
  ) {
    return this.audit.history(stream, actor, query);
  }

  @ApiRoute(routes.auditCorrelation)
  correlation(@CurrentActor() actor: Actor, @Input('params') { id }: { id: string }) {
    return this.audit.correlation(id, actor);
  }
}
