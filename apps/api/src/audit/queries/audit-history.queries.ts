import { Inject, Injectable } from '@nestjs/common';
import {
  AUDIT_CORRELATION_MAX,
  type AuditCorrelation,
  type AuditHistory,
  type AuditHistoryQuery,
} from '@groundtruth/contracts';
import { can, DomainError, indexAtTime, replayTo, type Actor } from '@groundtruth/domain';
import { EVENT_STORE, SUBJECT_KEYS, type EventStore, type RecordedEvent, type SubjectKeyStore } from '@groundtruth/platform';
import { AuditAccess } from './audit-access.js';
import { subjectOfData, toAuditEvent, viewState, type AuditLens } from './audit-view.js';

const notFound = () =>
  new DomainError('not_found', 'AUDIT.STREAM_NOT_FOUND', 'There is no history by this name, or not one you may see.');

/**
 * Audit replay (issue 29): a stream's events and the state as of any of them, folded with the
 * aggregate's own `evolve` from the log (never from a read model), and the events one correlation
 * id ties together across streams.
 */
@Injectable()
export class AuditHistoryQueries {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeyStore,
    private readonly access: AuditAccess,
  ) {}

  async history(streamId: string, actor: Actor, query: AuditHistoryQuery): Promise<AuditHistory> {
    const { stream } = await this.access.authorize(streamId, actor);
    const events = await this.store.readStream(streamId);
    if (events.length === 0) throw notFound();
    const total = events.length;
    if (query.at !== undefined && query.at >= total) {
      throw DomainError.validation('AUDIT.AT_BEYOND_END', { at: `This stream has ${total} events: at is 0 to ${total - 1}.` });
    }
    const index =
      query.atTime !== undefined
        ? indexAtTime(
            events.map((e) => e.metadata.occurredAt),
            new Date(query.atTime),
          )
        : (query.at ?? total - 1);
    const lens = await this.lensFor(events, actor);
    const { state, diff } = replayTo(stream.decider, events, index, (plain) => viewState(stream, plain, lens));
    const from = query.from ?? Math.floor(Math.max(index, 0) / query.limit) * query.limit;
    return {
      streamId,
      kind: stream.kind,
      total,
      from,
      events: events.slice(from, from + query.limit).map((e) => toAuditEvent(e, lens)),
      at: index < 0 ? null : index,
      state,
      diff: diff.map((c) => ({ path: c.path, before: c.before, after: c.after })),
    };
  }

  async correlation(correlationId: string, actor: Actor): Promise<AuditCorrelation> {
    const events = await this.store.readByCorrelation(correlationId, AUDIT_CORRELATION_MAX);
    const readable = new Map<string, boolean>();
    for (const streamId of new Set(events.map((e) => e.streamId)))
      readable.set(streamId, await this.access.mayRead(streamId, actor));
    const visible = events.filter((e) => readable.get(e.streamId) === true);
    if (visible.length === 0)
      throw new DomainError('not_found', 'AUDIT.CORRELATION_NOT_FOUND', 'No events you may see carry this correlation id.');
    const lens = await this.lensFor(visible, actor);
    return { correlationId, events: visible.map((e) => toAuditEvent(e, lens)), hidden: events.length - visible.length };
  }

  /** Personal fields for site admins; "erased" wherever the events' personal data has lost its key. */
  private async lensFor(events: readonly RecordedEvent[], actor: Actor): Promise<AuditLens> {
    const subjects = new Set(events.map((e) => subjectOfData(e.data)).filter((s): s is string => s !== null));
    const erased = new Set<string>();
    for (const subject of subjects) if ((await this.keys.find(subject)) === 'destroyed') erased.add(subject);
    return { personal: can(actor, 'audit.readPersonal', {}), erased };
  }
}
