import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type Command, type CommandMetadata, type Decider, type DomainEvent } from '@groundtruth/domain';
import { decideAndAppend, RUNTIME, WrongExpectedRevisionError, type LogPosition, type Runtime } from '@groundtruth/platform';

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
    try {
      return await decideAndAppend(this.runtime.store, decider, streamId, command, meta);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        throw new DomainError('conflict', 'STREAM.CONFLICT', 'Someone else changed this at the same time. Reload and try again.');
      }
      throw error;
    }
  }
}
