import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult as ClientAppendResult,
  type CurrentRevision,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { createUpcasters, type EventMetadata, type UpcasterRegistry } from '@groundtruth/domain';
import {
  comparePositions,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type LogPosition,
  type LogProgress,
  type OpenAppend,
  type ReadAllOptions,
  type RecordedEvent,
} from './event-store.port.js';

const PING_TIMEOUT_MS = 5000;
/** Backwards pages for headPosition: the newest records are often server statistics ($statsCollected). */
const HEAD_PAGE_SIZE = 32;

export const toClientExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'no_stream':
      return 'no_stream';
    case 'stream_exists':
      return 'stream_exists';
    case 'any':
      return 'any';
    default:
      return expected;
  }
};

export const fromClientCurrentRevision = (actual: CurrentRevision): bigint | 'no_stream' =>
  actual === 'no_stream' ? 'no_stream' : actual;

/** EventStoreDB's own records ($statsCollected, $metadata, links `$>`…) all have `$`-prefixed types. */
export const isSystemEventType = (type: string): boolean => type.startsWith('$');

/** Hides `user:password@` so the URL can go into logs and error messages. */
export const redactConnectionString = (url: string): string => url.replace(/^([a-z+]+:\/\/)[^@/]*@/i, '$1***@');

/**
 * Config accepts KurrentDB's `kurrentdb://` schemes; @eventstore/db-client 6 only parses `esdb://`,
 * and the rest of the connection string has the same grammar.
 */
export const toClientConnectionString = (url: string): string =>
  url.replace(/^kurrentdb(\+discover)?:\/\//i, (_match, discover: string | undefined) => `esdb${discover ?? ''}://`);

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const toLogPosition = (position: Position): LogPosition => ({ commit: position.commit, prepare: position.prepare });

/**
 * An event as this adapter appends it: our metadata, plus `$correlationId` and `$causationId`, the
 * names EventStoreDB's `$by_correlation_id` system projection reads to link it into `$bc-<id>`.
 */
export const toEventStoreDbEvent = (e: EventToAppend) =>
  jsonEvent({
    id: e.metadata.eventId,
    type: e.type,
    // The client's JSONType excludes numbers and null at the type level only; it JSON.stringifies whatever it gets.
    data: e.data as JSONType,
    metadata: { ...e.metadata, $correlationId: e.metadata.correlationId, $causationId: e.metadata.causationId },
  });

/** The stream EventStoreDB's `$by_correlation_id` projection links one correlation's events into. */
export const correlationStreamOf = (correlationId: string): string => `$bc-${correlationId}`;

/** Our metadata from what EventStoreDB gives back: the `$`-names it reads are ours again, dropped. */
export const toMetadata = (raw: unknown, eventId: string): EventMetadata => {
  if (
    typeof raw !== 'object' ||
    raw === null ||
    Array.isArray(raw) ||
    raw instanceof Uint8Array ||
    typeof (raw as { eventId?: unknown }).eventId !== 'string'
  ) {
    throw new Error(`EventStoreDB event ${eventId} carries no Groundtruth metadata`);
  }
  const { $correlationId: _c, $causationId: _k, ...metadata } = raw as EventMetadata & Record<string, unknown>;
  return metadata as EventMetadata;
};

const collect = async <T>(source: AsyncIterable<T>): Promise<T[]> => {
  const items: T[] = [];
  for await (const item of source) items.push(item);
  return items;
};

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb';

  private constructor(
    private readonly client: EventStoreDBClient,
    private readonly url: string,
    private readonly upcasters: UpcasterRegistry,
  ) {}

  static async connect(url: string, upcasters: UpcasterRegistry = createUpcasters()): Promise<EventStoreDbEventStore> {
    let client: EventStoreDBClient;
    try {
      client = EventStoreDBClient.connectionString(toClientConnectionString(url));
    } catch (error) {
      throw new Error(
        `EVENTSTORE_URL=${redactConnectionString(url)} is not a valid EventStoreDB connection string: ${reasonOf(error)}`,
      );
    }
    const store = new EventStoreDbEventStore(client, url, upcasters);
    try {
      await store.ping();
    } catch (error) {
      await client.dispose().catch(() => undefined);
      throw error;
    }
    return store;
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const data = events.map(toEventStoreDbEvent);
    let result: ClientAppendResult;
    try {
      result = await this.client.appendToStream(streamId, data, { expectedRevision: toClientExpectedRevision(expected) });
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        throw new WrongExpectedRevisionError(streamId, expected, fromClientCurrentRevision(error.actualVersion));
      }
      throw error;
    }
    if (!result.success) {
      // Only with `throwOnAppendFailure=false` in the connection string; the client then misreports the revision.
      throw new WrongExpectedRevisionError(streamId, expected, await this.currentRevision(streamId));
    }
    const nextRevision = result.nextExpectedRevision;
    // The server answers with one position for the whole write ("commit = prepare = the write's commit"), which
    // is the event's own $all position only for a single event; an idempotent retry comes back with none. Otherwise
    // the last event is read back so that read-your-writes compares against the position readAll will report.
    const position =
      result.position && events.length === 1 ? result.position : await this.positionOfRevision(streamId, nextRevision);
    return { nextRevision, position: toLogPosition(position) };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    let resolved: ResolvedEvent[];
    try {
      resolved = await collect(this.client.readStream(streamId, { direction: FORWARDS, fromRevision: START }));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    const recorded: RecordedEvent[] = [];
    for (const r of resolved) {
      const event = this.toRecorded(r);
      if (event) recorded.push(event);
    }
    return recorded;
  }

  /**
   * EventStoreDB's `$by_correlation_id` system projection links every event to `$bc-<id>` (it reads
   * `$correlationId` from the metadata, which this adapter writes): it must be enabled on the server.
   */
  async readByCorrelation(correlationId: string, limit: number): Promise<RecordedEvent[]> {
    let resolved: ResolvedEvent[];
    try {
      resolved = await collect(
        this.client.readStream(correlationStreamOf(correlationId), {
          direction: FORWARDS,
          fromRevision: START,
          maxCount: limit,
          resolveLinkTos: true,
        }),
      );
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return resolved.flatMap((r) => this.toRecorded(r) ?? []);
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const recorded: RecordedEvent[] = [];
    let cursor = after;
    while (recorded.length < limit) {
      // One extra: a forwards read of $all starts at the given position inclusively, so the page may repeat `cursor`.
      const pageSize = limit - recorded.length + 1;
      const page = await collect(this.client.readAll({ direction: FORWARDS, fromPosition: cursor ?? START, maxCount: pageSize }));
      for (const r of page) {
        const position = r.event?.position;
        if (!position || (cursor && comparePositions(position, cursor) <= 0)) continue;
        cursor = toLogPosition(position);
        const event = this.toRecorded(r);
        if (event) recorded.push(event);
        if (recorded.length === limit) break;
      }
      if (page.length < pageSize) break;
    }
    return recorded;
  }

  async *subscribeAll(from: LogPosition | null, signal: AbortSignal): AsyncIterable<RecordedEvent> {
    if (signal.aborted) return;
    const subscription = this.client.subscribeToAll({ fromPosition: from ?? START, filter: excludeSystemEvents() });
    let onAbort = (): void => undefined;
    const aborted = new Promise<'aborted'>((resolve) => {
      onAbort = () => resolve('aborted');
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const iterator = subscription[Symbol.asyncIterator]();
    try {
      while (!signal.aborted) {
        const next = iterator.next();
        const result = await Promise.race([next, aborted]);
        if (result === 'aborted') {
          next.catch(() => undefined);
          return;
        }
        // A live subscription never ends by itself; ending quietly would leave projections silently stalled.
        if (result.done) throw new Error('EventStoreDB closed the $all subscription');
        const position = result.value.event?.position;
        // Catch-up subscriptions start after `from`; the check keeps that true whatever the server does.
        if (from && position && comparePositions(position, from) <= 0) continue;
        const event = this.toRecorded(result.value);
        if (event) yield event;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      // Not awaited: unsubscribing waits for the gRPC call to exist, and stopping must not hang on a dead server.
      void subscription.unsubscribe().catch(() => undefined);
      subscription.destroy();
    }
  }

  async headPosition(): Promise<LogPosition | null> {
    let cursor: LogPosition | null = null;
    for (;;) {
      const page = await collect(
        this.client.readAll({ direction: BACKWARDS, fromPosition: cursor ?? END, maxCount: HEAD_PAGE_SIZE }),
      );
      for (const r of page) {
        const event = r.event;
        if (!event || (cursor && comparePositions(event.position, cursor) >= 0)) continue;
        cursor = toLogPosition(event.position);
        if (!isSystemEventType(event.type)) return cursor;
      }
      if (page.length < HEAD_PAGE_SIZE) return null;
    }
  }

  async holds(position: LogPosition): Promise<boolean> {
    try {
      // A forwards read of $all starts at the given position inclusively.
      const page = await collect(this.client.readAll({ direction: FORWARDS, fromPosition: position, maxCount: 1 }));
      const found = page[0]?.event?.position;
      return found !== undefined && comparePositions(toLogPosition(found), position) === 0;
    } catch {
      // The server refuses a position that is no record's (beyond the end, or inside one).
      return false;
    }
  }

  /** Reads the newest record of $all: it proves the connection, the credentials and the right to read $all. */
  /** A bounded read: EventStoreDB has no count; the oldest is the first event's occurrence time. */
  async progressAfter(after: LogPosition | null, cap: number): Promise<LogProgress> {
    let events = 0;
    let oldestAt: Date | null = null;
    for (let cursor = after; events < cap;) {
      const page = await this.readAll({ after: cursor, limit: Math.min(1000, cap - events) });
      if (page.length === 0) break;
      oldestAt ??= new Date(page[0]!.metadata.occurredAt);
      events += page.length;
      cursor = page[page.length - 1]!.position;
    }
    return { events, oldestAt };
  }

  /** Appends are atomic on the server: none is ever open where a reader could wait for it. */
  async openAppends(): Promise<OpenAppend[]> {
    return [];
  }

  async ping(): Promise<void> {
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 });
    let timer: NodeJS.Timeout | undefined;
    // The client gives reads an infinite gRPC deadline, so the timeout is ours.
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PING_TIMEOUT_MS / 1000} s`)), PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([collect(read), timeout]);
    } catch (error) {
      void read.cancel().catch(() => undefined);
      read.destroy();
      throw new Error(`Cannot reach EventStoreDB at EVENTSTORE_URL=${redactConnectionString(this.url)}: ${reasonOf(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }

  private toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | null {
    const event = resolved.event;
    if (!event || isSystemEventType(event.type)) return null;
    if (!event.isJson) throw new Error(`EventStoreDB event ${event.id} in ${event.streamId} is not JSON`);
    if (!event.position) {
      throw new Error('EventStoreDB did not return event positions; Groundtruth needs EventStoreDB 22.6 or later');
    }
    const upcast = this.upcasters.upcast({ type: event.type, data: event.data });
    return {
      ...upcast,
      metadata: toMetadata(event.metadata, event.id),
      streamId: event.streamId,
      revision: event.revision,
      position: toLogPosition(event.position),
    };
  }

  private async currentRevision(streamId: string): Promise<bigint | 'no_stream'> {
    try {
      const [last] = await collect(this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }));
      return last?.event?.revision ?? 'no_stream';
    } catch (error) {
      if (error instanceof StreamNotFoundError) return 'no_stream';
      throw error;
    }
  }

  private async positionOfRevision(streamId: string, revision: bigint): Promise<Position> {
    const [resolved] = await collect(
      this.client.readStream(streamId, { direction: FORWARDS, fromRevision: revision, maxCount: 1 }),
    );
    const position = resolved?.event?.position;
    if (!position) throw new Error(`EventStoreDB returned no position for ${streamId}@${revision}`);
    return position;
  }
}
