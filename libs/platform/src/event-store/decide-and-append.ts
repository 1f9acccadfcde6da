import { randomUUID } from 'node:crypto';
import { fold, type Command, type CommandMetadata, type Decider, type DomainEvent } from '@groundtruth/domain';
import type { EventStore, LogPosition } from './event-store.port.js';

export type Decided<E extends DomainEvent> = {
  /** The stream the events went to (absent on outcomes that touched several). */
  readonly streamId?: string;
  readonly events: readonly E[];
  /** Log position of the last appended event; null when the command changed nothing. */
  readonly position: LogPosition | null;
};

/**
 * The one way state changes: read the stream, fold, decide, append at the revision that was read
 * (a concurrent change in between raises WrongExpectedRevisionError). Used by the API's command
 * handlers, the command-line tools and the tests' history builders alike.
 */
export const decideAndAppend = async <S, C extends Command, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
  streamId: string,
  command: C,
  meta: CommandMetadata,
): Promise<Decided<E>> => {
  const history = await store.readStream(streamId);
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
