import { AUDIT_CORRELATION_MAX, type AuditCorrelation, type AuditHistory, type AuditHistoryQuery } from '@groundtruth/contracts';
import { DomainError, indexAtTime, replayTo, type AuditedStream } from '@groundtruth/domain';
import type { EventStore, RecordedEvent, SubjectKeyStore } from '@groundtruth/platform';
import type { FoldCache } from './fold-cache.js';
import { subjectOfData, toAuditEvent, viewState, type AuditLens } from './audit-view.js';

const notFound = () =>
  new DomainError('not_found', 'AUDIT.STREAM_NOT_FOUND', 'There is no history by this name, or not one you may see.');

/**
 * Where the replay reads: the log (personal data opened by the sealing store), the per-person keys,
 * and (in the API) the checkpoints of long streams' folds.
 */
export type AuditSources = { readonly store: EventStore; readonly keys: SubjectKeyStore; readonly folds?: FoldCache };

/** Personal fields when `personal`; "erased" wherever the events' personal data has lost its key. */
export const lensFor = async (keys: SubjectKeyStore, events: readonly RecordedEvent[], personal: boolean): Promise<AuditLens> => {
  const subjects = new Set(events.map((e) => subjectOfData(e.data)).filter((s): s is string => s !== null));
  const erased = new Set<string>();
  for (const subject of subjects) if ((await keys.find(subject)) === 'destroyed') erased.add(subject);
  return { personal, erased };
};

/**
 * Events stored before a field was sealed may not say whose it is (a post's edit of the first
 * release names no author): they belong to the stream's subject, the one its other events name.
 * Once that subject's key is destroyed their personal data reads null like the sealed events'.
 */
export const withStreamSubject = async (keys: SubjectKeyStore, events: RecordedEvent[]): Promise<RecordedEvent[]> => {
  const unnamed = (e: RecordedEvent) => {
    const d = e.data as { pii?: unknown; piiSubject?: unknown } | null;
    return typeof d === 'object' && d !== null && d.pii !== undefined && d.pii !== null && d.piiSubject === null;
  };
  if (!events.some(unnamed)) return events;
  const subject = events.map((e) => subjectOfData(e.data)).find((s): s is string => s !== null);
  if (!subject || (await keys.find(subject)) !== 'destroyed') return events;
  return events.map((e) => (unnamed(e) ? { ...e, data: { ...(e.data as object), piiSubject: subject, pii: null } } : e));
};

/**
 * A stream's history page and its state as of one event, folded from the log with the aggregate's
 * own `evolve` (never a read model). The asker's right to the stream is checked before; `personal`
 * says whether they see personal fields. Shared by the API and `npm run audit`.
 */
export const streamHistory = async (
  { store, keys, folds }: AuditSources,
  streamId: string,
  stream: AuditedStream,
  query: AuditHistoryQuery,
  personal: boolean,
): Promise<AuditHistory> => {
  const events = await withStreamSubject(keys, await store.readStream(streamId));
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
  const lens = await lensFor(keys, events, personal);
  const start = folds?.startFor(stream, streamId, events, lens.erased, index);
  const { state, diff } = replayTo(stream.decider, events, index, (plain) => viewState(stream, plain, lens), start);
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
};

/** The events one correlation id ties together, across the streams `mayRead` lets through. */
export const correlatedEvents = async (
  { store, keys }: AuditSources,
  correlationId: string,
  mayRead: (streamId: string) => Promise<boolean>,
  personal: boolean,
): Promise<AuditCorrelation> => {
  const events = await store.readByCorrelation(correlationId, AUDIT_CORRELATION_MAX);
  const readable = new Map<string, boolean>();
  for (const streamId of new Set(events.map((e) => e.streamId))) readable.set(streamId, await mayRead(streamId));
  const visible = events.filter((e) => readable.get(e.streamId) === true);
  if (visible.length === 0)
    throw new DomainError('not_found', 'AUDIT.CORRELATION_NOT_FOUND', 'No events you may see carry this correlation id.');
  const lens = await lensFor(keys, visible, personal);
  return { correlationId, events: visible.map((e) => toAuditEvent(e, lens)), hidden: events.length - visible.length };
};
