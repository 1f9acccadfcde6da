import { Inject, Injectable } from '@nestjs/common';
import type { ProjectionFailureRow, ProjectionRebuild } from '@groundtruth/contracts';
import type { ProjectionFacts } from '@groundtruth/domain';
import {
  listFailures,
  PG_POOL,
  readFailure,
  type FailureFilter,
  type PgPool,
  type ProjectionFailure,
} from '@groundtruth/platform';

type RebuildRaw = {
  id: string;
  projection: string;
  state: ProjectionRebuild['state'];
  events_done: string;
  events_total: string;
  requested_by: string | null;
  requested_at: Date;
  started_at: Date | null;
  updated_at: Date;
  finished_at: Date | null;
  error: string | null;
};

/** Rate so far and the time left at that rate, from the row the projector moves. */
const toRebuild = (r: RebuildRaw): ProjectionRebuild => {
  const done = Number(r.events_done);
  const total = Number(r.events_total);
  const end = r.finished_at ?? r.updated_at;
  const seconds = r.started_at ? (end.getTime() - r.started_at.getTime()) / 1000 : 0;
  const eventsPerSecond = r.started_at && seconds > 0 ? Math.round(done / seconds) : null;
  const secondsLeft =
    r.state === 'running' && eventsPerSecond
      ? Math.max(0, Math.round((Math.max(total - done, 0) / eventsPerSecond) * 10) / 10)
      : null;
  return {
    id: Number(r.id),
    projection: r.projection,
    state: r.state,
    done,
    total,
    eventsPerSecond,
    secondsLeft,
    requestedBy: r.requested_by === null ? null : Number(r.requested_by),
    requestedAt: r.requested_at.toISOString(),
    startedAt: r.started_at?.toISOString() ?? null,
    finishedAt: r.finished_at?.toISOString() ?? null,
    error: r.error,
  };
};

export const toFailureRow = (f: ProjectionFailure): ProjectionFailureRow => ({
  id: f.id,
  projection: f.projection,
  eventId: f.eventId,
  eventType: f.eventType,
  streamId: f.streamId,
  revision: f.revision,
  error: f.error,
  attempts: f.attempts,
  failedAt: f.failedAt,
  resolution: f.resolution,
  resolvedBy: f.resolvedBy,
  resolvedAt: f.resolvedAt,
});

/** What the console's Projections read beyond /status: failed events and rebuilds (gt_projection_failures, gt_projection_rebuilds). */
@Injectable()
export class ProjectionOpsQueries {
  constructor(@Inject(PG_POOL) private readonly pool: PgPool) {}

  /** The facts a retry, skip or rebuild is decided against. */
  async facts(failureId?: number): Promise<{ facts: ProjectionFacts; failure: ProjectionFailure | null }> {
    const names = await this.pool.query<{ name: string }>('SELECT name FROM gt_projection_checkpoints ORDER BY name');
    const failure = failureId === undefined ? null : await readFailure(this.pool, failureId);
    return {
      facts: {
        projections: names.rows.map((r) => r.name),
        failure: failure && { eventId: failure.eventId, projection: failure.projection, resolution: failure.resolution },
      },
      failure,
    };
  }

  failures(filter: FailureFilter, page: { offset: number; limit: number; ascending: boolean }) {
    return listFailures(this.pool, filter, page);
  }

  /** Each projection's latest rebuild started from the console. */
  async latestRebuilds(): Promise<Map<string, ProjectionRebuild>> {
    const r = await this.pool.query<RebuildRaw>(
      'SELECT DISTINCT ON (projection) * FROM gt_projection_rebuilds ORDER BY projection, id DESC',
    );
    return new Map(r.rows.map((row) => [row.projection, toRebuild(row)]));
  }

  /**
   * Shows a recorded rebuild request as queued at once, before the projector takes it up (it inserts
   * the same rows itself, so a request recorded by a process that died here is still shown and run).
   */
  async queueRebuilds(projections: readonly string[], requestId: string, userId: number | null): Promise<void> {
    await this.pool.query(
      `INSERT INTO gt_projection_rebuilds (projection, request_id, requested_by, state)
       SELECT p, $2, $3, 'queued' FROM unnest($1::text[]) AS p ON CONFLICT (request_id, projection) DO NOTHING`,
      [projections, requestId, userId],
    );
  }

  async openFailureCounts(): Promise<Map<string, number>> {
    const r = await this.pool.query<{ projection: string; n: number }>(
      'SELECT projection, count(*)::int AS n FROM gt_projection_failures WHERE resolution IS NULL GROUP BY projection',
    );
    return new Map(r.rows.map((row) => [row.projection, row.n]));
  }
}
