import { Inject, Injectable, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus, type Command } from '@nestjs/cqrs';
import { StaleVersion, STALE_VERSION } from '@groundtruth/domain';
import { CheckpointWaiter, RUNTIME, StaleVersionError, type Runtime } from '@groundtruth/platform';
import { VersionConflict } from '../http/expected-version.js';
import { ProjectorService } from '@groundtruth/projector';
import type { CommandOutcome } from './aggregate-streams.js';

/**
 * Sends a command and answers only once the projections that handle its events have passed its
 * log position (bounded by READ_YOUR_WRITES_TIMEOUT_MS), so the caller's next GET sees the change.
 */
@Injectable()
export class CommandGateway implements OnModuleInit, OnApplicationShutdown {
  private readonly waiter: CheckpointWaiter;

  constructor(
    private readonly bus: CommandBus,
    @Inject(RUNTIME) private readonly runtime: Runtime,
    /** Present when the projector runs in this process (embedded mode). */
    @Optional() private readonly projector?: ProjectorService,
  ) {
    this.waiter = new CheckpointWaiter(runtime.pool, runtime.databaseUrl, runtime.log);
  }

  async onModuleInit(): Promise<void> {
    await this.waiter.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.waiter.close();
  }

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
          this.projector?.wake();
          await this.waiter.waitFor(error.newer.types, error.newer.position, this.runtime.config.readYourWritesTimeoutMs);
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
      this.projector?.wake();
      await this.waiter.waitFor(
        outcome.events.map((e) => e.type),
        outcome.position,
        this.runtime.config.readYourWritesTimeoutMs,
      );
    }
    return outcome;
  }
}
