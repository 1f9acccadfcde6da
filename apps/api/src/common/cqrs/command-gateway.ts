import { Inject, Injectable, Optional, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { CommandBus, type Command } from '@nestjs/cqrs';
import { CheckpointWaiter, RUNTIME, type Runtime } from '@groundtruth/platform';
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

  async execute<R extends CommandOutcome>(command: Command<R>): Promise<R> {
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
