import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import {
  APP_CONFIG,
  CheckpointWaiter,
  DATABASE_URL,
  LOGGER,
  PG_POOL,
  type AppConfig,
  type Logger,
  type LogPosition,
  type PgPool,
} from '@groundtruth/platform';

/**
 * Waits, bounded by READ_YOUR_WRITES_TIMEOUT_MS, until the projections have passed a log
 * position: those handling a command's event types before its answer, or every projection before
 * a read that names a change it was told of (Groundtruth-After).
 */
@Injectable()
export class ReadYourWrites implements OnModuleInit, OnApplicationShutdown {
  private readonly waiter: CheckpointWaiter;

  constructor(
    @Inject(PG_POOL) pool: PgPool,
    @Inject(DATABASE_URL) databaseUrl: string,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) log: Logger,
  ) {
    this.waiter = new CheckpointWaiter(pool, databaseUrl, log);
  }

  async onModuleInit(): Promise<void> {
    await this.waiter.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.waiter.close();
  }

  /** True once every projection handling one of these event types has passed the position. */
  waitForTypes(eventTypes: readonly string[], position: LogPosition): Promise<boolean> {
    return this.waiter.waitFor(eventTypes, position, this.config.readYourWritesTimeoutMs);
  }

  /** The read models' version (CheckpointWaiter.version), for answers cached from them; null: trust nothing cached. */
  readModelsVersion(): string | null {
    return this.waiter.version();
  }

  /** The version of the named projections' tables only (CheckpointWaiter.versionOf); null: trust nothing cached. */
  readModelsVersionOf(projections: readonly string[]): string | null {
    return this.waiter.versionOf(projections);
  }

  /** True once every projection has passed the position. */
  waitForAll(position: LogPosition): Promise<boolean> {
    return this.waiter.waitFor('all', position, this.config.readYourWritesTimeoutMs);
  }
}
