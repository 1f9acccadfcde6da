import { Inject, Injectable } from '@nestjs/common';
import type { AuditCorrelation, AuditHistory, AuditHistoryQuery } from '@groundtruth/contracts';
import { can, type Actor } from '@groundtruth/domain';
import { EVENT_STORE, SUBJECT_KEYS, type EventStore, type SubjectKeyStore } from '@groundtruth/platform';
import { AuditAccess } from './audit-access.js';
import { FoldCache } from './fold-cache.js';
import { correlatedEvents, streamHistory, type AuditSources } from './audit-replay.js';

/**
 * Audit replay (issue 29) for one asker: the stream's history once the policy lets them read it,
 * personal fields for site admins only, and a correlation's events in the streams they may read.
 */
@Injectable()
export class AuditHistoryQueries {
  private readonly sources: AuditSources;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(SUBJECT_KEYS) keys: SubjectKeyStore,
    private readonly access: AuditAccess,
  ) {
    this.sources = { store, keys, folds: new FoldCache() };
  }

  async history(streamId: string, actor: Actor, query: AuditHistoryQuery): Promise<AuditHistory> {
    const { stream } = await this.access.authorize(streamId, actor);
    return streamHistory(this.sources, streamId, stream, query, can(actor, 'audit.readPersonal', {}));
  }

  correlation(correlationId: string, actor: Actor): Promise<AuditCorrelation> {
    return correlatedEvents(
      this.sources,
      correlationId,
      (streamId) => this.access.mayRead(streamId, actor),
      can(actor, 'audit.readPersonal', {}),
    );
  }
}
