import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  APP_CONFIG,
  EVENT_STORE,
  LOGGER,
  LogWatcher,
  PG_POOL,
  ProjectionRunner,
  type AppConfig,
  type EventStore,
  type Logger,
  type PgPool,
} from '@groundtruth/platform';
import { projections } from './projections/index.js';

/** An idle runner looks at the log unwoken this seldom: the watcher wakes it when there is news. */
const RUNNER_FALLBACK_MS = 10_000;

/**
 * Runs every projection's follow loop for the life of the process. One LogWatcher looks at the
 * log's head every PROJECTOR_POLL_MS and wakes the runners when it moves.
 */
@Injectable()
export class ProjectorService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly runners: ProjectionRunner[];
  private readonly watcher: LogWatcher;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PG_POOL) pool: PgPool,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) log: Logger,
  ) {
    this.runners = projections.map(
      (p) =>
        new ProjectionRunner(pool, store, p, log.child({ projection: p.name }), {
          batchSize: config.projectorBatchSize,
          idleMs: RUNNER_FALLBACK_MS,
        }),
    );
    this.watcher = new LogWatcher(store, () => this.wake(), log.child({ component: 'log-watcher' }), {
      pollMs: config.projectorPollMs,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const runner of this.runners) await runner.start();
    this.watcher.start();
  }

  /** New events are in the log: look now rather than at the next poll (same-process commands). */
  wake(): void {
    for (const runner of this.runners) runner.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.watcher.stop();
    await Promise.all(this.runners.map((r) => r.stop()));
  }
}
