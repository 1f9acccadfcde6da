import type { DomainEvent, EventMetadata } from '@groundtruth/domain';

/**
 * A place in the global log. Postgres: commit = the appending transaction's id, prepare = the
 * row's sequence number. EventStoreDB: its own commit/prepare positions. Compared as a pair.
 */
export type LogPosition = { readonly commit: bigint; readonly prepare: bigint };

export const comparePositions = (a: LogPosition, b: LogPosition): number =>
  a.commit === b.commit ? (a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1) : a.commit < b.commit ? -1 : 1;

export const positionToString = (p: LogPosition): string => `${p.commit}/${p.prepare}`;
export const positionFromString = (s: string): LogPosition => {
  const [commit, prepare] = s.split('/');
  if (commit === undefined || prepare === undefined) throw new Error(`Bad log position: ${s}`);
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
};

/**
 * 'no_stream': the stream must not exist; 'stream_exists': it must exist; 'any': no check;
 * a bigint: the stream's current last revision (0-based) must equal it.
 */
export type ExpectedRevision = 'no_stream' | 'stream_exists' | 'any' | bigint;

export type EventToAppend = DomainEvent & { readonly metadata: EventMetadata };

export type RecordedEvent = DomainEvent & {
  readonly metadata: EventMetadata;
  readonly streamId: string;
  /** 0-based position of the event inside its stream. */
  readonly revision: bigint;
  readonly position: LogPosition;
};

export type AppendResult = {
  /** The stream's last revision after the append. */
  readonly nextRevision: bigint;
  /** Log position of the last appended event. */
  readonly position: LogPosition;
};

export type ReadAllOptions = {
  /** Read events strictly after this position; null reads from the start. */
  readonly after: LogPosition | null;
  readonly limit: number;
};

export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** Raised when a retried append matches the events already stored only in part. */
export class DuplicateEventIdError extends Error {
  override readonly name = 'DuplicateEventIdError';
}

/** How far the log runs past a checkpoint. */
export type LogProgress = {
  /** Readable events after the checkpoint, counted up to a cap. */
  readonly events: number;
  /** When the oldest of them was appended; null when there are none. */
  readonly oldestAt: Date | null;
};

/** An append transaction still open, which holds every reader of the log back until it ends. */
export type OpenAppend = {
  readonly transactionId: string;
  readonly openForMs: number;
  /** The connection's application_name, when it set one. */
  readonly application: string | null;
};

/** The event store port. Nothing else writes state. */
export type EventStore = {
  readonly kind: 'postgres' | 'eventstoredb';
  /**
   * Appends atomically with optimistic concurrency. Appending events whose ids were already
   * appended to the same stream at the place the expected revision names succeeds without
   * writing (idempotent retry). With 'any' that check is best effort, as in EventStoreDB.
   */
  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult>;
  /** The stream's events in order (upcast); empty when the stream does not exist. */
  readStream(streamId: string): Promise<RecordedEvent[]>;
  /**
   * The events that share a correlation id (one request and everything it caused), across streams,
   * in global order, at most `limit` (upcast). The audit's correlation lookup.
   */
  readByCorrelation(correlationId: string, limit: number): Promise<RecordedEvent[]>;
  /**
   * Events of every stream in global order, after a checkpoint. Never returns an event while an
   * earlier one could still appear (no skipping when transactions commit out of order).
   */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Follows the whole log from a checkpoint until the signal aborts. */
  subscribeAll(from: LogPosition | null, signal: AbortSignal): AsyncIterable<RecordedEvent>;
  /** Position of the newest readable event, or null when the log is empty. */
  headPosition(): Promise<LogPosition | null>;
  /**
   * Whether an event was appended at exactly this position: readable now, or (Postgres) committed
   * behind an append still open. A position the log never gave out is false.
   */
  holds(position: LogPosition): Promise<boolean>;
  /** Readable events after a checkpoint (up to `cap`) and the age of the oldest: a projection's lag. */
  progressAfter(after: LogPosition | null, cap: number): Promise<LogProgress>;
  /** Appends open for longer than `minAgeMs`: what holds readers back (never anything where appends are atomic). */
  openAppends(minAgeMs: number): Promise<OpenAppend[]>;
  /** Resolves when the store answers; rejects with a clear error otherwise. */
  ping(): Promise<void>;
  close(): Promise<void>;
};
