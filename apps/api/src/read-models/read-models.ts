import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { openReadModelOrm, PG_POOL, type PgPool, type ReadModelEntityManager, type ReadModelOrm } from '@groundtruth/platform';
import type pg from 'pg';

/** A Postgres array literal of ids, for `= ANY($n::bigint[])`. */
export const idArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * The query side's way to read the read models: MikroORM over the entities in
 * libs/platform/src/read-models (each table described once there), on the product's `pg` pool.
 * A query that one entity answers goes through `em()` (find, or its QueryBuilder); a query that
 * joins and computes across tables (counts, access rules shared as SQL fragments) goes through
 * `rows`/`row`: SQL with `$1` parameters on a connection MikroORM's client hands out. It only
 * reads; the projections own the tables and create them from the same entities.
 */
@Injectable()
export class ReadModels implements OnApplicationShutdown {
  private readonly orm: ReadModelOrm;

  constructor(@Inject(PG_POOL) pool: PgPool) {
    this.orm = openReadModelOrm(pool);
  }

  /** A fresh EntityManager: nothing is ever flushed, so each query gets its own empty identity map. */
  em(): ReadModelEntityManager {
    return this.orm.em.fork({ clear: true, useContext: false });
  }

  async rows<T extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    const client = this.orm.em.getConnection().getKnex().client as {
      acquireConnection(): Promise<pg.PoolClient>;
      releaseConnection(connection: pg.PoolClient): Promise<void>;
    };
    const connection = await client.acquireConnection();
    try {
      return (await connection.query<T>(sql, [...params])).rows;
    } finally {
      await client.releaseConnection(connection);
    }
  }

  /** The first row, or undefined. */
  async row<T extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.rows<T>(sql, params))[0];
  }

  async onApplicationShutdown(): Promise<void> {
    // The pool is the runtime's, closed with it; this only lets go of MikroORM's metadata and caches.
    await this.orm.close(false);
  }
}
