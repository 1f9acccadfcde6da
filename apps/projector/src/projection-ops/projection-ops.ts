import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { projectionOpsEventTypes, type ProjectionOpsEvent } from '@groundtruth/domain';
import {
  Alarm,
  APP_CONFIG,
  EVENT_STORE,
  LOGGER,
  LogWatcher,
  PG_POOL,
  readFailureByEvent,
  rebuildProjection,
  type AppConfig,
  type EventStore,
  type Logger,
  type LogPosition,
  type PgPool,
  type ProjectionRunner,
  type RecordedEvent,
} from '@groundtruth/platform';
import { ProjectorService } from '../projector.service.js';

/** This follower's row in gt_process_checkpoints. */
export const PROJECTION_OPS = 'projection_ops';
const lockKey = `gt_process:${PROJECTION_OPS}`;
const TYPES: ReadonlySet<string> = new Set(projectionOpsEventTypes);
const BATCH = 200;
const IDLE_MS = 5_000;
/** A rebuild's progress row is written at most this often. */
const PROGRESS_EVERY_MS = 250;

/**
 * Acts on the operators' projection commands (the console's Projections): each
 * ProjectionEventRetryRequested, ProjectionEventSkipRequested and ProjectionRebuildRequested in the
 * log, once, in log order, by this process's projection runners. A rebuild replays the log into
 * fresh tables and swaps them in (rebuildProjection), moving its gt_projection_rebuilds row
 * (events done / total) as it goes; the console reads that row for progress, rate and time left.
 * The checkpoint moves past a request once it is acted on: a request taken up by a process that
 * then died is acted on again (retry and skip check the projection still stands on that event; a
 * rebuild simply runs again). One follower across processes (a session advisory lock).
 */
@Injectable()
export class ProjectionOps implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopping = false;
  private loop: Promise<void> | null = null;
  private readonly alarm = new Alarm();
  private readonly watcher: LogWatcher;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly projector: ProjectorService,
  ) {
    this.watcher = new LogWatcher(store, () => this.alarm.wake(), log.child({ component: 'projection-ops-watcher' }), {
      pollMs: config.projectorPollMs,
    });
  }

  onApplicationBootstrap(): void {
    this.stopping = false;
    this.loop = this.run();
    this.watcher.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.alarm.wake();
    await this.watcher.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    let backoff = 250;
    while (!this.stopping) {
      try {
        const progressed = await this.step();
        backoff = 250;
        if (!progressed) await this.alarm.sleep(IDLE_MS);
      } catch (error) {
        if (this.stopping) return;
        this.log.warn({ err: error }, 'projection operations step failed, retrying');
        await this.alarm.sleep(backoff);
        backoff = Math.min(backoff * 2, 15_000);
      }
    }
  }

  /** Acts on the requests after the checkpoint; false when there were none. Public for tests. */
  async step(): Promise<boolean> {
    const client = await this.pool.connect();
    try {
      const locked = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [lockKey]);
      if (!locked.rows[0]?.ok) return false;
      try {
        let progressed = false;
        for (;;) {
          const events = await this.store.readAll({ after: await this.checkpoint(), limit: BATCH });
          if (events.length === 0 || this.stopping) return progressed;
          progressed = true;
          for (const event of events) {
            if (TYPES.has(event.type)) await this.act(event as RecordedEvent & ProjectionOpsEvent);
          }
          await this.saveCheckpoint(events[events.length - 1]!.position);
        }
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [lockKey]);
      }
    } finally {
      client.release();
    }
  }

  private runner(name: string): ProjectionRunner | undefined {
    return this.projector.runners.find((r) => r.projection.name === name);
  }

  private async act(event: RecordedEvent & ProjectionOpsEvent): Promise<void> {
    const by = { userId: event.metadata.userId, requestId: event.metadata.correlationId };
    switch (event.type) {
      case 'ProjectionEventRetryRequested': {
        const runner = this.runner(event.data.projection);
        if (!runner) return;
        const answer = await runner.retry(event.data.eventId, by);
        this.log.info({ projection: event.data.projection, eventId: event.data.eventId, answer, by }, 'failed event retried');
        return;
      }
      case 'ProjectionEventSkipRequested': {
        const runner = this.runner(event.data.projection);
        const failure = await readFailureByEvent(this.pool, event.data.projection, event.data.eventId);
        if (!runner || !failure) return;
        const answer = await runner.skip(event.data.eventId, failure.position, by);
        this.log.info({ projection: event.data.projection, eventId: event.data.eventId, answer, by }, 'failed event skipped');
        return;
      }
      case 'ProjectionRebuildRequested': {
        const runners =
          event.data.projection === 'all'
            ? this.projector.runners
            : this.projector.runners.filter((r) => r.projection.name === event.data.projection);
        // Every projection the request names shows queued at once; each then runs to its swap in turn.
        for (const r of runners) {
          await this.pool.query(
            `INSERT INTO gt_projection_rebuilds (projection, request_id, requested_by, state, requested_at)
             VALUES ($1, $2, $3, 'queued', $4) ON CONFLICT (request_id, projection) DO NOTHING`,
            [r.projection.name, by.requestId, by.userId, event.metadata.occurredAt],
          );
        }
        for (const r of runners) await this.rebuild(r, by.requestId);
        return;
      }
    }
  }

  private async rebuild(runner: ProjectionRunner, requestId: string): Promise<void> {
    const name = runner.projection.name;
    const done = await this.pool.query<{ state: string }>(
      'SELECT state FROM gt_projection_rebuilds WHERE request_id = $1 AND projection = $2',
      [requestId, name],
    );
    if (done.rows[0]?.state === 'swapped') return;
    await this.pool.query(
      `UPDATE gt_projection_rebuilds SET state = 'running', started_at = now(), updated_at = now(), events_done = 0, error = NULL
        WHERE request_id = $1 AND projection = $2`,
      [requestId, name],
    );
    let last = 0;
    try {
      await rebuildProjection(this.pool, this.store, runner.projection, this.log, {
        onProgress: async ({ done: events, total, phase }) => {
          const now = Date.now();
          if (phase === 'replay' && now - last < PROGRESS_EVERY_MS) return;
          last = now;
          await this.pool.query(
            `UPDATE gt_projection_rebuilds SET events_done = $3, events_total = $4, updated_at = now(),
               state = CASE WHEN $5 THEN 'swapped' ELSE state END, finished_at = CASE WHEN $5 THEN now() ELSE finished_at END
              WHERE request_id = $1 AND projection = $2`,
            [requestId, name, events, total, phase === 'swapped'],
          );
        },
      });
      // A projection stopped on a failing event before is running again over the rebuilt tables.
      runner.resume();
    } catch (error) {
      this.log.error({ err: error, projection: name }, 'rebuild failed');
      await this.pool.query(
        `UPDATE gt_projection_rebuilds SET state = 'failed', error = $3, updated_at = now(), finished_at = now()
          WHERE request_id = $1 AND projection = $2`,
        [requestId, name, (error as Error).message],
      );
    }
  }

  private async checkpoint(): Promise<LogPosition | null> {
    const r = await this.pool.query<{ commit_pos: string | null; prepare_pos: string | null }>(
      'SELECT commit_pos, prepare_pos FROM gt_process_checkpoints WHERE name = $1',
      [PROJECTION_OPS],
    );
    const row = r.rows[0];
    if (row?.commit_pos == null || row.prepare_pos == null) return null;
    return { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) };
  }

  private async saveCheckpoint(position: LogPosition): Promise<void> {
    await this.pool.query(
      `INSERT INTO gt_process_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET commit_pos = $2, prepare_pos = $3, updated_at = now()`,
      [PROJECTION_OPS, position.commit.toString(), position.prepare.toString()],
    );
  }
}
