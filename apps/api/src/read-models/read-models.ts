import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { DATABASE_URL } from '@groundtruth/platform';
import { ProjectRecord } from '../projects/queries/project.record.js';
import { SessionRecord, UserRecord } from '../users/queries/user.record.js';

/**
 * The query side: MikroORM over the tables the projector writes. It only reads; the schema
 * belongs to the projections (and their rebuilds), so MikroORM never creates or migrates it.
 */
@Injectable()
export class ReadModels implements OnApplicationShutdown {
  // The promise, not the result: concurrent first requests must share one ORM (and one pool).
  // Opened on first use, so a process that never queries never opens a second pool.
  private orm: Promise<MikroORM> | null = null;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  async em(): Promise<EntityManager> {
    this.orm ??= MikroORM.init({
      clientUrl: this.databaseUrl,
      entities: [ProjectRecord, UserRecord, SessionRecord],
      pool: { min: 0, max: 10 },
      debug: false,
      allowGlobalContext: false,
      discovery: { warnWhenNoEntities: false },
      ensureDatabase: false,
    }).catch((error: unknown) => {
      this.orm = null; // the next request tries again (e.g. once Postgres is back)
      throw error;
    });
    return (await this.orm).em.fork();
  }

  async onApplicationShutdown(): Promise<void> {
    await (await this.orm?.catch(() => null))?.close(true);
  }
}
