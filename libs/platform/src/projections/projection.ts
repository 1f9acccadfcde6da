import type pg from 'pg';
import type { RecordedEvent } from '../event-store/event-store.port.js';

/** A read-model table. `create` gets the physical name (live or a fresh rebuild copy). */
export type ProjectionTable = {
  readonly name: string;
  /** DDL for the table and its indexes; name indexes after `table` (a plain identifier) so copies never collide. */
  create(table: string): string;
};

export type ProjectionContext = {
  /** The transaction the rows and the checkpoint share. */
  readonly client: pg.PoolClient;
  /** Physical name of one of this projection's tables. */
  table(name: string): string;
};

/**
 * A Postgres read model built from the log. `apply` receives, in log order, only the events whose
 * type is in `handles`, a batch at a time, and must be idempotent (a batch may be replayed after a
 * crash between its writes and its commit; the checkpoint commits with the rows).
 */
export type Projection = {
  readonly name: string;
  readonly handles: readonly string[];
  readonly tables: readonly ProjectionTable[];
  /**
   * Bump when `apply` changes what it writes without the tables changing shape: the projection is
   * then rebuilt on the next start (a change of DDL or handled types is noticed without it).
   */
  readonly version?: number;
  apply(events: readonly RecordedEvent[], ctx: ProjectionContext): Promise<void>;
};

/** Table names are spliced into SQL: only plain lower-case identifiers are allowed. */
export const quoteIdent = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || name.length > 63) throw new Error(`Unsafe table name: ${name}`);
  return name;
};
