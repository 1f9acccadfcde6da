import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { LogPosition } from '../event-store/event-store.port.js';

export type ProjectionState = 'running' | 'stopped' | 'failed' | 'rebuilding';

export type CheckpointRow = {
  name: string;
  position: LogPosition | null;
  state: ProjectionState;
  error: string | null;
  failedEventId: string | null;
  eventTypes: string[];
  updatedAt: Date;
};

type Raw = {
  name: string;
  commit_pos: string | null;
  prepare_pos: string | null;
  state: ProjectionState;
  error: string | null;
  failed_event_id: string | null;
  event_types: string[];
  updated_at: Date;
};

const toRow = (r: Raw): CheckpointRow => ({
  name: r.name,
  position:
    r.commit_pos === null || r.prepare_pos === null ? null : { commit: BigInt(r.commit_pos), prepare: BigInt(r.prepare_pos) },
  state: r.state,
  error: r.error,
  failedEventId: r.failed_event_id,
  eventTypes: r.event_types,
  updatedAt: r.updated_at,
});

export const CHECKPOINT_CHANNEL = 'gt_checkpoints';

export const readCheckpoints = async (db: pg.Pool | pg.PoolClient): Promise<CheckpointRow[]> =>
  (await db.query<Raw>('SELECT * FROM gt_projection_checkpoints ORDER BY name')).rows.map(toRow);

/** Locks the projection for this transaction (single writer across processes) and reads its row. */
export const lockCheckpoint = async (client: pg.PoolClient, name: string): Promise<CheckpointRow> => {
  await client.query(`SELECT pg_advisory_xact_lock(hashtext('gt_projection:' || $1))`, [name]);
  const r = await client.query<Raw>('SELECT * FROM gt_projection_checkpoints WHERE name = $1', [name]);
  if (!r.rows[0]) throw new Error(`Projection ${name} has no checkpoint row`);
  return toRow(r.rows[0]);
};

/** A checkpoint notice's last word when the batch it ends wrote none of the projection's tables (see CheckpointWaiter.versionOf). */
export const TABLES_UNTOUCHED = 'untouched';
/**
 * A checkpoint notice's last word when a rebuild swapped the projection's tables in: rows may differ
 * from the old ones at the same revisions (the projection's code changed), so nothing read from any
 * table is patched by revision across it.
 */
export const TABLES_REBUILT = 'rebuilt';

/**
 * Moves the checkpoint inside the caller's transaction and tells listeners once it commits. Every
 * projection passes every event, so most batches apply nothing: `wrote` false says so in the notice
 * (`name commit prepare untouched`), and answers read from its tables alone stay true; `rebuilt`
 * says the tables were swapped for rebuilt ones (`… rebuilt`).
 */
export const saveCheckpoint = async (
  client: pg.PoolClient,
  name: string,
  position: LogPosition,
  { wrote = true, rebuilt = false }: { wrote?: boolean; rebuilt?: boolean } = {},
): Promise<void> => {
  await client.query(
    `UPDATE gt_projection_checkpoints SET commit_pos = $2, prepare_pos = $3, updated_at = now() WHERE name = $1`,
    [name, position.commit.toString(), position.prepare.toString()],
  );
  const last = rebuilt ? ` ${TABLES_REBUILT}` : wrote ? '' : ` ${TABLES_UNTOUCHED}`;
  await client.query('SELECT pg_notify($1, $2)', [CHECKPOINT_CHANNEL, `${name} ${position.commit} ${position.prepare}${last}`]);
};

export const registerCheckpoint = async (db: pg.Pool, name: string, eventTypes: readonly string[]): Promise<void> => {
  await db.query(
    `INSERT INTO gt_projection_checkpoints (name, event_types) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET event_types = EXCLUDED.event_types`,
    [name, [...eventTypes]],
  );
};

/** Identifies what built a projection's tables: its DDL, handled event types and version. */
export const projectionFingerprint = (projection: {
  readonly handles: readonly string[];
  readonly tables: readonly { readonly name: string; create(table: string): string }[];
  readonly version?: number;
}): string =>
  createHash('sha256')
    .update(
      JSON.stringify({
        version: projection.version ?? 1,
        handles: [...projection.handles].sort(),
        tables: projection.tables.map((t) => [t.name, t.create(`${t.name}__fingerprint`).replace(/\s+/g, ' ').trim()]),
      }),
    )
    .digest('hex')
    .slice(0, 32);

export const readFingerprint = async (db: pg.Pool | pg.PoolClient, name: string): Promise<string | null> =>
  (await db.query<{ fingerprint: string | null }>('SELECT fingerprint FROM gt_projection_checkpoints WHERE name = $1', [name]))
    .rows[0]?.fingerprint ?? null;

export const saveFingerprint = async (db: pg.Pool | pg.PoolClient, name: string, fingerprint: string): Promise<void> => {
  await db.query('UPDATE gt_projection_checkpoints SET fingerprint = $2 WHERE name = $1', [name, fingerprint]);
};

export const setProjectionState = async (
  db: pg.Pool | pg.PoolClient,
  name: string,
  state: ProjectionState,
  failure: { error: string; eventId: string | null } | null = null,
): Promise<void> => {
  await db.query(
    `UPDATE gt_projection_checkpoints SET state = $2, error = $3, failed_event_id = $4, updated_at = now() WHERE name = $1`,
    [name, state, failure?.error ?? null, failure?.eventId ?? null],
  );
};
