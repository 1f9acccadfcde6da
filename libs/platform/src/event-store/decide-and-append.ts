import { randomUUID } from 'node:crypto';
import { fold, type Command, type CommandMetadata, type Decider, type DomainEvent } from '@groundtruth/domain';
import type { EventStore, LogPosition, RecordedEvent } from './event-store.port.js';

export type Decided<E extends DomainEvent> = {
  /** The stream the events went to (absent on outcomes that touched several). */
  readonly streamId?: string;
  readonly events: readonly E[];
  /** Log position of the last appended event; null when the command changed nothing. */
  readonly position: LogPosition | null;
};

/**
 * The version a writer read and means to change: the stream revision of the last event that
 * counts for what it edits (all of the stream's events unless `counts` says which). Read models
 * keep that revision on their rows and answer it as `version`, so a GET and a save speak of the
 * same number.
 */
export type ExpectedVersion = {
  readonly version: number;
  /** The events that move the edited thing's version; others in the stream (a follow) do not conflict. */
  readonly counts?: (event: DomainEvent) => boolean;
};

/** The version the writer sent is not the current one: someone else saved in between. */
export class StaleVersionError extends Error {
  override readonly name = 'StaleVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: number,
    /** The current version, or null when no event counts yet. */
    readonly actual: number | null,
    /** Where the log holds the newer events and which types they are, to wait for the read side. */
    readonly newer: { readonly position: LogPosition; readonly types: readonly string[] } | null,
  ) {
    super(`Stream ${streamId}: expected version ${expected}, actual ${String(actual)}`);
  }
}

/** The current version of `history` as `expected.counts` defines it (null when nothing counts yet). */
export const versionOf = (history: readonly RecordedEvent[], counts?: ExpectedVersion['counts']): number | null => {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const event = history[i]!;
    if (!counts || counts(event)) return Number(event.revision);
  }
  return null;
};

const checkVersion = (streamId: string, history: readonly RecordedEvent[], expected: ExpectedVersion): void => {
  const actual = versionOf(history, expected.counts);
  // Nothing there that the edit could be stale against: the decider answers that (a 404).
  if (actual === null || actual === expected.version) return;
  const newer = history.filter((e) => e.revision > BigInt(expected.version));
  const last = newer[newer.length - 1];
  throw new StaleVersionError(
    streamId,
    expected.version,
    actual,
    last ? { position: last.position, types: [...new Set(newer.map((e) => e.type))] } : null,
  );
};

/**
 * The one way state changes: read the stream, fold, decide, append at the revision that was read
 * (a concurrent change in between raises WrongExpectedRevisionError). With `expected`, the version
 * the writer read must still be the current one (else StaleVersionError), so an edit made on an
 * older state never overwrites a newer one. Used by the API's command handlers, the command-line
 * tools and the tests' history builders alike.
 */
export const decideAndAppend = async <S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  meta: CommandMetadata,
  expected?: ExpectedVersion,
): Promise<Decided<E>> => {
  const history = await store.readStream(streamId);
  if (expected) checkVersion(streamId, history, expected);
  const events = decider.decide(command, fold(decider, history as unknown as E[]), meta);
  if (events.length === 0) return { streamId, events, position: null };
  const last = history[history.length - 1];
  const result = await store.append(
    streamId,
    events.map((e) => ({
      type: e.type,
      data: e.data,
      metadata: {
        eventId: randomUUID(),
        correlationId: meta.correlationId,
        causationId: meta.causationId,
        userId: meta.userId,
        occurredAt: meta.now,
      },
    })),
    last ? last.revision : 'no_stream',
  );
  return { streamId, events, position: result.position };
};
