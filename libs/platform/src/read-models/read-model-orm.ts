import { MikroORM, PostgreSqlDriver, PostgreSqlKnexDialect, knex, type EntityManager, type Knex } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { activityTable } from './activity.entity.js';
import { ingestionsTable, stationDataTable } from './ingestions.entity.js';
import { lorawanWebhooksTable } from './lorawan-webhooks.entity.js';
import {
  projectFollowsTable,
  projectInvitesTable,
  projectMembersTable,
  projectStationsTable,
  projectsTable,
  projectUpdatesTable,
} from './projects.entity.js';
import { sessionsTable } from './sessions.entity.js';
import { fieldNotesTable, stationMediaTable, stationNotesTable } from './station-notes.entity.js';
import { stationAttributesTable, stationLinksTable, stationModulesTable, stationsTable } from './stations.entity.js';
import { usersTable } from './users.entity.js';

/** Every read-model table, each described once. */
export const readModelTables = [
  usersTable,
  sessionsTable,
  projectsTable,
  projectMembersTable,
  projectInvitesTable,
  projectFollowsTable,
  projectUpdatesTable,
  projectStationsTable,
  stationsTable,
  stationModulesTable,
  stationAttributesTable,
  stationLinksTable,
  stationNotesTable,
  stationMediaTable,
  fieldNotesTable,
  ingestionsTable,
  stationDataTable,
  activityTable,
  lorawanWebhooksTable,
] as const;

/**
 * A knex client that borrows its connections from the product's `pg` pool instead of keeping a
 * pool of its own: MikroORM then runs on the same connections (and the same type parsers:
 * `timestamptz` as a `Date`, `bigint` as text) as every other statement, and a process holds one
 * pool, not two.
 */
const knexOnPool = (pool: pg.Pool): Knex => {
  class SharedPoolDialect extends PostgreSqlKnexDialect {
    initializePool(): void {}
    async acquireConnection(): Promise<pg.PoolClient> {
      return pool.connect();
    }
    async releaseConnection(connection: pg.PoolClient): Promise<void> {
      connection.release();
    }
    async destroy(): Promise<void> {}
  }
  return knex({ client: SharedPoolDialect as never, connection: {} });
};

const databaseOf = (pool: pg.Pool): string => {
  const options = (pool as unknown as { options: { database?: string; connectionString?: string } }).options;
  return options.database ?? (options.connectionString ? new URL(options.connectionString).pathname.slice(1) : '') ?? 'postgres';
};

export type ReadModelOrm = MikroORM;
export type ReadModelEntityManager = EntityManager;

/**
 * MikroORM over the read models, on the product's pool. It only reads: the tables belong to the
 * projections (and their rebuilds), which create them from the same entities, so MikroORM never
 * creates or migrates them itself.
 */
export const openReadModelOrm = (pool: pg.Pool): ReadModelOrm =>
  MikroORM.initSync({
    driver: PostgreSqlDriver,
    entities: readModelTables.map((t) => t.entity),
    driverOptions: knexOnPool(pool) as never,
    // Only named for MikroORM's schema tools; connections come from the pool.
    dbName: databaseOf(pool),
    allowGlobalContext: false,
    debug: false,
    discovery: { warnWhenNoEntities: false },
    ensureDatabase: false,
    // Read models are never written through MikroORM: no unit of work to flush, no identity map to keep.
    forceEntityConstructor: false,
  });
