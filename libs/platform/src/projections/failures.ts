import type pg from 'pg';
import type { LogPosition, RecordedEvent } from '../event-store/event-store.port.js';

/** An event a projection stopped on (gt_projection_failures), with the operator's answer once given. */
export type ProjectionFailure = {
  id: number;
  projection: string;
  eventId: string;
  eventType: string;
  streamId: string;
  revision: number;
  position: LogPosition;
  error: string;
  attempts: number;
  failedAt: string;
  resolution: 'retried' | 'skipped' | null;
  resolvedBy: number | null;
  resolvedAt: string | null;
};

type Raw = {
  id: string;
  projection: string;
  event_id: string;
  event_type: string;
  stream_id: string;
  revision: string;
  commit_pos: string;
  prepare_pos: string;
  error: string;
  attempts: number;
  failed_at: Date;
  resolution: 'retried' | 'skipped' | null;
  resolved_by: string | null;
  resolved_at: Date | null;
};

const toFailure = (r: Raw): ProjectionFailure => ({
  id: Number(r.id),
  projection: r.projection,
  eventId: r.event_id,
  eventType: r.event_type,
  streamId: r.stream_id,
  revision: Number(r.revision),
  position: { commit: BigInt(r.commit_pos), prepare: BigInt(r.prepare_pos) },
  error: r.error,
  attempts: r.attempts,
  failedAt: r.failed_at.toISOString(),
  resolution: r.resolution,
  resolvedBy: r.resolved_by === null ? null : Number(r.resolved_by),
  resolvedAt: r.resolved_at?.toISOString() ?? null,
});

/** Records that `projection` stopped on `event`; a retried event failing again reopens its row and counts the attempt. */
export const recordFailure = async (
  db: pg.Pool | pg.PoolClient,
  projection: string,
  event: RecordedEvent,
  error: string,
): Promise<void> => {
  await db.query(
    `INSERT INTO gt_projection_failures (projection, event_id, event_type, stream_id, revision, commit_pos, prepare_pos, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (projection, event_id) DO UPDATE SET error = EXCLUDED.error, attempts = gt_projection_failures.attempts + 1,
       failed_at = now(), resolution = NULL, resolved_by = NULL, resolved_at = NULL, resolved_with = NULL`,
    [
      projection,
      event.metadata.eventId,
      event.type,
      event.streamId,
      event.revision.toString(),
      event.position.commit.toString(),
      event.position.prepare.toString(),
      error,
    ],
  );
};

export const readFailure = async (db: pg.Pool | pg.PoolClient, id: number): Promise<ProjectionFailure | null> => {
  const r = await db.query<Raw>('SELECT * FROM gt_projection_failures WHERE id = $1', [id]);
  return r.rows[0] ? toFailure(r.rows[0]) : null;
};

export const readFailureByEvent = async (
  db: pg.Pool | pg.PoolClient,
  projection: string,
  eventId: string,
): Promise<ProjectionFailure | null> => {
  const r = await db.query<Raw>('SELECT * FROM gt_projection_failures WHERE projection = $1 AND event_id = $2', [
    projection,
    eventId,
  ]);
  return r.rows[0] ? toFailure(r.rows[0]) : null;
};

export type FailureFilter = { projection?: string; open?: boolean; ids?: readonly number[] };

const whereOf = (filter: FailureFilter): { sql: string; params: unknown[] } => {
  const params: unknown[] = [];
  const where: string[] = [];
  if (filter.projection !== undefined) {
    params.push(filter.projection);
    where.push(`projection = $${params.length}`);
  }
  if (filter.open !== undefined) where.push(filter.open ? 'resolution IS NULL' : 'resolution IS NOT NULL');
  if (filter.ids !== undefined) {
    params.push(filter.ids);
    where.push(`id = ANY($${params.length}::bigint[])`);
  }
  return { sql: where.length ? `WHERE ${where.join(' AND ')}` : '', params };
};

/** Failures newest first (or oldest first), a page at a time, with the total. */
export const listFailures = async (
  db: pg.Pool | pg.PoolClient,
  filter: FailureFilter,
  page: { offset: number; limit: number; ascending?: boolean },
): Promise<{ rows: ProjectionFailure[]; total: number }> => {
  const { sql, params } = whereOf(filter);
  const [rows, count] = await Promise.all([
    db.query<Raw>(
      `SELECT * FROM gt_projection_failures ${sql} ORDER BY id ${page.ascending ? 'ASC' : 'DESC'} LIMIT ${page.limit} OFFSET ${page.offset}`,
      params,
    ),
    db.query<{ n: number }>(`SELECT count(*)::int AS n FROM gt_projection_failures ${sql}`, params),
  ]);
  return { rows: rows.rows.map(toFailure), total: count.rows[0]?.n ?? 0 };
};

/** Marks a failure answered (by whom, through which logged event). */
export const resolveFailure = async (
  db: pg.Pool | pg.PoolClient,
  projection: string,
  eventId: string,
  resolution: 'retried' | 'skipped',
  by: { userId: number | null; requestId: string },
): Promise<void> => {
  await db.query(
    `UPDATE gt_projection_failures SET resolution = $3, resolved_by = $4, resolved_at = now(), resolved_with = $5
      WHERE projection = $1 AND event_id = $2`,
    [projection, eventId, resolution, by.userId, by.requestId],
  );
};

/** The events an operator skipped for this projection: a rebuild leaves them out as the live run did. */
export const skippedEventIds = async (db: pg.Pool | pg.PoolClient, projection: string): Promise<Set<string>> => {
  const r = await db.query<{ event_id: string }>(
    `SELECT event_id FROM gt_projection_failures WHERE projection = $1 AND resolution = 'skipped'`,
    [projection],
  );
  return new Set(r.rows.map((x) => x.event_id));
};
