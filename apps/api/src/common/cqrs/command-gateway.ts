import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, type Command } from '@nestjs/cqrs';
import { StaleVersion, STALE_VERSION } from '@groundtruth/domain';
import { PROJECTOR_WAKE, StaleVersionError, type ProjectorWake } from '@groundtruth/platform';
import { VersionConflict } from '../http/expected-version.js';
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
    /** Starts the projector at once when it runs in this process (embedded mode). */
    @Inject(PROJECTOR_WAKE) private readonly wake: ProjectorWake,
  ) {}

  /**
   * `current` reads what the edited thing is now, as the route's GET answers it: an edit made on an
   * older version (StaleVersionError from the store's check, or the domain's own StaleVersion) is
   * then a 409 carrying it, read once the projections have taken the newer events in.
   */
  async execute<R extends CommandOutcome>(command: Command<R>, current?: () => Promise<unknown>): Promise<R> {
    try {
      return await this.send(command);
    } catch (error) {
      if (error instanceof StaleVersionError) {
        if (error.newer) {
          this.wake.projections();
          await this.readYourWrites.waitForTypes(error.newer.types, error.newer.position);
        }
        const stale = new StaleVersion();
        throw new VersionConflict(STALE_VERSION, stale.message, current ? await current() : undefined);
      }
      if (error instanceof StaleVersion && current) throw new VersionConflict(error.code, error.message, await current());
      throw error;
    }
  }

  private async send<R extends CommandOutcome>(command: Command<R>): Promise<R> {
    const outcome = await this.bus.execute(command);
    if (outcome.position) {
      this.wake.projections();
      const shown = await this.readYourWrites.waitForTypes(
        outcome.events.map((e) => e.type),
        outcome.position,
      );
      if (!shown) notePendingWrite(outcome.streamId ?? null, outcome.position);
    }
    return outcome;
  }
}
