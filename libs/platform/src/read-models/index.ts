/**
 * The read-model tables the projector writes and the API reads, each row described once, as
 * Postgres answers it (snake_case columns, `bigint` as a string, `timestamptz` as a `Date`, `jsonb`
 * parsed). The DDL stays with the projection that creates the table; a query derives its row type
 * from these (`Pick<>`, plus the columns its SQL computes).
 */
export * from './read-model-row.js';
export * from './users.rows.js';
export * from './sessions.rows.js';
export * from './projects.rows.js';
export * from './stations.rows.js';
export * from './station-media.rows.js';
export * from './ingestions.rows.js';
