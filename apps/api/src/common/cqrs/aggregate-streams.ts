import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type Command, type CommandMetadata, type Decider, type DomainEvent } from '@groundtruth/domain';
import {
  decideAndAppend,
  EVENT_STORE,
  WrongExpectedRevisionError,
  type EventStore,
  type ExpectedVersion,
  type LogPosition,
} from '@groundtruth/platform';

/** What a command handler returns: enough for the gateway to wait for the read side. */
export type CommandOutcome = {
  /** The stream the events went to, when there is one (it names what changed). */
  readonly streamId?: string;
  readonly events: readonly DomainEvent[];
  /** Log position of the last appended event; null when the command changed nothing. */
  readonly position: LogPosition | null;
};

export type DecideOptions = {
  /**
   * How many times to read the stream again and decide anew when someone else appended in
   * between. Only for commands that carry no client version and mean the same thing whatever
   * happened meanwhile (follow, add a station, answer an invitation): their decision is simply
   * made again on the newer state. Edits of what people see stay a 409 (the default, 0).
   */
  readonly retries?: number;
  /**
   * The version the client read (spec: every edit of an existing aggregate carries it). A stale
   * one raises StaleVersionError, which the command gateway answers as a 409 with the current
   * state. A concurrent append in between is read again and checked again: the newer events
   * either moved the version (409) or do not count for this edit (a follow), and then it goes on.
   */
  readonly expected?: ExpectedVersion;
};

/** Enough rereads for a burst of unrelated appends (follows) between the check and the append. */
const VERSIONED_RETRIES = 10;

/** A short random pause before a retry, growing with each attempt, so racing writers spread out. */
const backoff = (attempt: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));

/**
 * The one way state changes: read the stream, fold, decide, append at the revision that was
 * read. A concurrent change in between is a 409 (or, when the caller opts in, a fresh decision),
 * never a lost update.
 */
@Injectable()
export class AggregateStreams {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async decide<S, C extends Command, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: C,
    meta: CommandMetadata,
    options: DecideOptions = {},
  ): Promise<CommandOutcome> {
    const retries = options.expected ? Math.max(options.retries ?? 0, VERSIONED_RETRIES) : (options.retries ?? 0);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await decideAndAppend(this.store, decider, streamId, command, meta, options.expected);
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        if (attempt >= retries) {
          throw new DomainError(
            'conflict',
            'STREAM.CONFLICT',
            'Someone else changed this at the same time. Reload and try again.',
          );
        }
        await backoff(attempt + 1);
      }
    }
  }
}
