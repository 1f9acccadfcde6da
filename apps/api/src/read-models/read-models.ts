import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL, type PgPool } from '@groundtruth/platform';
import type pg from 'pg';

/**
 * The query side's one way to read the read models: SQL with `$1` parameters on the shared `pg`
 * pool, each query naming its row type beside its SQL. It only reads; the tables are described
 * once, by the projections that write them (their DDL in apps/projector, their row types in
 * libs/platform/src/read-models), never again here.
 */
/** A Postgres array literal of ids, for `= ANY($n::bigint[])`. */
export const idArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

@Injectable()
export class ReadModels {
  constructor(@Inject(PG_POOL) private readonly pool: PgPool) {}

  async rows<T extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, [...params])).rows;
  }

  /** The first row, or undefined. */
  async row<T extends pg.QueryResultRow>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.rows<T>(sql, params))[0];
  }
}
