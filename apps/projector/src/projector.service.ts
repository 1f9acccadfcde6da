import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ProjectionRunner, RUNTIME, type Runtime } from '@groundtruth/platform';
import { projections } from './projections/index.js';

/** Runs every projection's follow loop for the life of the process. */
@Injectable()
export class ProjectorService implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly runners: ProjectionRunner[];

  constructor(@Inject(RUNTIME) runtime: Runtime) {
    this.runners = projections.map(
      (p) =>
        new ProjectionRunner(runtime.pool, runtime.store, p, runtime.log.child({ projection: p.name }), {
          batchSize: runtime.config.projectorBatchSize,
        }),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    for (const runner of this.runners) await runner.start();
  }

  /** New events are in the log: look now rather than at the next poll (same-process commands). */
  wake(): void {
    for (const runner of this.runners) runner.wake();
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all(this.runners.map((r) => r.stop()));
  }
}
