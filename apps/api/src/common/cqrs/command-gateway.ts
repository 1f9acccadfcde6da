import { Injectable, Optional } from '@nestjs/common';
import { CommandBus, type Command } from '@nestjs/cqrs';
import { ProjectorService } from '@groundtruth/projector';
import type { CommandOutcome } from './aggregate-streams.js';
import { notePendingWrite } from './pending-writes.js';
import { ReadYourWrites } from './read-your-writes.js';

/**
 * Sends a command and answers only once the projections that handle its events have passed its
 * log position (bounded by READ_YOUR_WRITES_TIMEOUT_MS), so the caller's next GET sees the change.
 * Past the bound the change is noted as pending and the request answers 202 with what it knows
 * (PendingWritesInterceptor): a command never denies what it did.
 */
@Injectable()
export class CommandGateway {
  constructor(
    private readonly bus: CommandBus,
    private readonly readYourWrites: ReadYourWrites,
    /** Present when the projector runs in this process (embedded mode). */
    @Optional() private readonly projector?: ProjectorService,
  ) {}

  async execute<R extends CommandOutcome>(command: Command<R>): Promise<R> {
    const outcome = await this.bus.execute(command);
    if (outcome.position) {
      this.projector?.wake();
      const shown = await this.readYourWrites.waitForTypes(
        outcome.events.map((e) => e.type),
        outcome.position,
      );
      if (!shown) notePendingWrite(outcome.streamId ?? null, outcome.position);
    }
    return outcome;
  }
}
