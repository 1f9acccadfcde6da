import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Command, CommandMetadata, Decider, DomainEvent } from '@groundtruth/domain';
import { decideAndAppend, EVENT_STORE, WrongExpectedRevisionError, type Decided, type EventStore } from '@groundtruth/platform';
import { ProjectorService } from '../projector.service.js';

/** Appends raced by another writer are decided again on the newer stream this many times. */
const RETRIES = 3;

/** Who and when of what processing appends: the uploader (or the system), now. */
export const processingMetadata = (userId: number | null): CommandMetadata => {
  const correlationId = randomUUID();
  return { correlationId, causationId: correlationId, userId, now: new Date().toISOString() };
};

/**
 * How processing changes state: the deciders directly (read the stream, fold, decide, append at the
 * revision read), with no command bus and no wait for read models, which run in this same app. A
 * concurrent append in between is decided again on the newer stream: what processing records (a
 * station's modules from its meta file, an upload's outcome) means the same whatever happened
 * meanwhile, and the ingestion decider refuses an outcome another runner already recorded.
 */
@Injectable()
export class IngestionAppends {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly projector: ProjectorService,
  ) {}

  async decide<S, C extends Command, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    streamId: string,
    command: C,
    meta: CommandMetadata,
  ): Promise<Decided<E>> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const decided = await decideAndAppend(this.store, decider, streamId, command, meta);
        // The read models follow at once rather than at the log watcher's next look.
        if (decided.position) this.projector.wake();
        return decided;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= RETRIES) throw error;
      }
    }
  }
}
