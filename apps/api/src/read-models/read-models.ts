import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { RUNTIME, type Runtime } from '@groundtruth/platform';
import { ProjectRecord } from '../projects/queries/project.record.js';

/**
 * The query side: MikroORM over the tables the projector writes. It only reads; the schema
 * belongs to the projections (and their rebuilds), so MikroORM never creates or migrates it.
 */
@Injectable()
export class ReadModels implements OnApplicationShutdown {
  private orm: MikroORM | null = null;

  constructor(@Inject(RUNTIME) private readonly runtime: Runtime) {}

  async em(): Promise<EntityManager> {
    this.orm ??= await MikroORM.init({
      clientUrl: this.runtime.databaseUrl,
      entities: [ProjectRecord],
      pool: { min: 0, max: 10 },
      debug: false,
      allowGlobalContext: false,
      discovery: { warnWhenNoEntities: false },
      ensureDatabase: false,
    });
    return this.orm.em.fork();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.orm?.close(true);
  }
}
