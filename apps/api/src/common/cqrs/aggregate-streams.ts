import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, fold, type Command, type CommandMetadata, type Decider, type DomainEvent } from '@groundtruth/domain';
import { RUNTIME, WrongExpectedRevisionError, type LogPosition, type Runtime } from '@groundtruth/platform';

/** What a command handler returns: enough for the gateway to wait for the read side. */
export type CommandOutcome = {
  readonly events: readonly DomainEvent[];
  /** Log position of the last appended event; null when the command changed nothing. */
  readonly position: LogPosition | null;
};

/**
 * The one way state changes: read the stream, fold, decide, append at the revision that was
 * read. A concurrent change in between is a 409, never a lost update.
 */
@Injectable()
export class AggregateStreams {
  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async decide<S, C extends Command, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: C,
    meta: CommandMetadata,
  ): Promise<CommandOutcome> {
    const history = await this.runtime.store.readStream(streamId);
    const state = fold(decider, history as unknown as E[]);
    const events = decider.decide(command, state, meta);
    if (events.length === 0) return { events, position: null };
    const last = history[history.length - 1];
    try {
      const result = await this.runtime.store.append(
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
      return { events, position: result.position };
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        throw new DomainError('conflict', 'STREAM.CONFLICT', 'Someone else changed this at the same time. Reload and try again.');
      }
      throw error;
    }
  }
}
