/**
 * The read-model tables the projector writes and the API reads, each described once, as a
 * MikroORM entity built by `readModelTable`: it gives the row's type (as Postgres answers it:
 * snake_case columns, `bigint` as a string, `timestamptz` as a `Date`, `jsonb` parsed), the entity
 * the query side reads through, and the DDL the projection and its rebuild create the table with.
 */
export * from './read-model-table.js';
export * from './read-model-row.js';
export * from './read-model-orm.js';
export * from './users.entity.js';
export * from './sessions.entity.js';
export * from './projects.entity.js';
export * from './stations.entity.js';
export * from './station-notes.entity.js';
export * from './ingestions.entity.js';
export * from './activity.entity.js';
export * from './lorawan-webhooks.entity.js';
export * from './discussions.entity.js';
