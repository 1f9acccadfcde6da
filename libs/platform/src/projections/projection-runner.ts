import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port.js';
import { inTransaction, isConnectionError } from '../postgres/postgres.js';
import {
  lockCheckpoint,
  projectionFingerprint,
  readFingerprint,
  registerCheckpoint,
  saveCheckpoint,
  saveFingerprint,
  setProjectionState,
} from './checkpoints.js';
import { Alarm } from './alarm.js';
import { recordFailure, resolveFailure } from './failures.js';
import { rebuildProjection } from './rebuild.js';
import type { Projection } from './projection.js';
import { ensureTables, liveTables } from './tables.js';

/** What an operator's retry or skip of a failed event came to. */
export type FailureAnswer = 'resumed' | 'not_stopped_on_it';

export type RunnerOptions = {
  batchSize?: number;
  /** How long an idle runner waits before looking again unwoken (a LogWatcher's wake comes sooner). */
  idleMs?: number;
  maxBackoffMs?: number;
};

/**
 * Follows the log for one projection. Each batch runs in one transaction that holds the
 * projection's advisory lock, applies the events and moves the checkpoint: a crash at any point
 * leaves rows and checkpoint agreeing. A failing event stops the projection (state 'failed',
 * visible in status) instead of being skipped; lost connections are retried with backoff.
 */
export class ProjectionRunner {
  private stopping = false;
  private loop: Promise<void> | null = null;
  /** True while the follow loop runs (it ends when the projection stops on a failing event). */
  private looping = false;
  /** Woken by news; a wake during a batch ends the next idle at once (the batch may have looked just before the news). */
  private readonly alarm = new Alarm();
  private readonly handles: ReadonlySet<string>;

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    readonly projection: Projection,
    private readonly log: Logger,
    private readonly options: RunnerOptions = {},
  ) {
    this.handles = new Set(projection.handles);
  }

  async start(): Promise<void> {
    const existed = await ensureTables(this.pool, this.projection);
    await registerCheckpoint(this.pool, this.projection.name, this.projection.handles);
    await this.upgradeIfChanged(existed);
    // A projection stopped by a poison event gets one more try per start: the code may be fixed.
    await this.pool.query(
      `UPDATE gt_projection_checkpoints SET state = 'running', error = NULL, failed_event_id = NULL WHERE name = $1 AND state = 'failed'`,
      [this.projection.name],
    );
    this.stopping = false;
    this.resume();
  }

  /** Starts the follow loop again if it ended (a projection stopped on a failing event, then answered). */
  resume(): void {
    if (this.stopping || this.looping) {
      this.wake();
      return;
    }
    this.looping = true;
    this.loop = this.run().finally(() => {
      this.looping = false;
    });
  }

  /**
   * An operator's retry (the cause fixed elsewhere): when the projection is stopped on this event it
   * runs again from just before it; the event is applied anew and, failing again, recorded again.
   */
  async retry(eventId: string, by: { userId: number | null; requestId: string }): Promise<FailureAnswer> {
    const answer = await inTransaction(this.pool, async (client) => {
      const row = await lockCheckpoint(client, this.projection.name);
      await resolveFailure(client, this.projection.name, eventId, 'retried', by);
      if (row.state !== 'failed' || row.failedEventId !== eventId) return 'not_stopped_on_it' as const;
      await setProjectionState(client, this.projection.name, 'running');
      return 'resumed' as const;
    });
    if (answer === 'resumed') this.resume();
    return answer;
  }

  /**
   * An operator's skip: when the projection is stopped on this event, its checkpoint moves past it
   * (the event never reaches the read model, nor a rebuild of it) and the projection runs on.
   */
  async skip(eventId: string, position: LogPosition, by: { userId: number | null; requestId: string }): Promise<FailureAnswer> {
    const answer = await inTransaction(this.pool, async (client) => {
      const row = await lockCheckpoint(client, this.projection.name);
      if (row.state !== 'failed' || row.failedEventId !== eventId) return 'not_stopped_on_it' as const;
      await resolveFailure(client, this.projection.name, eventId, 'skipped', by);
      await saveCheckpoint(client, this.projection.name, position, { wrote: false });
      await setProjectionState(client, this.projection.name, 'running');
      return 'resumed' as const;
    });
    if (answer === 'resumed') this.resume();
    return answer;
  }

  /**
   * A read model built by other code (its tables' DDL, handled types or version changed since) is
   * rebuilt from the log before following it; tables from before fingerprints were kept are too.
   */
  private async upgradeIfChanged(tablesExisted: boolean): Promise<void> {
    const { name } = this.projection;
    const current = projectionFingerprint(this.projection);
    const stored = await readFingerprint(this.pool, name);
    if (stored === current) return;
    if (stored === null && !tablesExisted) {
      await saveFingerprint(this.pool, name, current);
      return;
    }
    this.log.warn({ stored, current }, 'read model was built by other code: rebuilding it from the log');
    const result = await rebuildProjection(this.pool, this.store, this.projection, this.log);
    this.log.info({ events: result.events, seconds: result.seconds }, 'read model rebuilt for the new code');
  }

  /** Asks the loop to look for new events now instead of at its next poll. */
  wake(): void {
    this.alarm.wake();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loop;
  }

  private async run(): Promise<void> {
    let backoff = 100;
    while (!this.stopping) {
      try {
        const outcome = await this.step();
        backoff = 100;
        if (outcome === 'failed') return;
        if (outcome === 'idle') await this.idle(this.options.idleMs ?? 50);
      } catch (error) {
        if (this.stopping) return;
        this.log.warn({ err: error, projection: this.projection.name }, 'projection batch failed, retrying');
        await this.idle(backoff);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 10000);
      }
    }
  }

  private idle(ms: number): Promise<void> {
    return this.alarm.sleep(ms);
  }

  /** Processes one batch in one transaction (rows and checkpoint together). Public for tests. */
  async step(): Promise<'progress' | 'idle' | 'failed'> {
    const outcome = await inTransaction(this.pool, async (client) => {
      const row = await lockCheckpoint(client, this.projection.name);
      if (row.state !== 'running') return row.state === 'failed' ? 'failed' : 'idle';
      const events = await this.store.readAll({ after: row.position, limit: this.options.batchSize ?? 1000 });
      const last = events[events.length - 1];
      if (!last) return 'idle';
      const handled = this.relevant(events);
      if (handled.length > 0) {
        await client.query('SAVEPOINT batch');
        try {
          await this.projection.apply(handled, { client, table: liveTables(this.projection) });
        } catch (error) {
          if (isConnectionError(error)) throw error;
          await client.query('ROLLBACK TO SAVEPOINT batch');
          return { failedBatch: events, handled };
        }
      }
      await saveCheckpoint(client, this.projection.name, last.position, { wrote: handled.length > 0 });
      return 'progress';
    });
    if (typeof outcome === 'string') return outcome;
    return (await this.isolatePoison(outcome.handled, outcome.failedBatch)) ? 'failed' : 'progress';
  }

  /** Applies until the log is exhausted or the projection fails (for tests and rebuild). */
  async runUntilIdle(): Promise<'idle' | 'failed'> {
    await ensureTables(this.pool, this.projection);
    await registerCheckpoint(this.pool, this.projection.name, this.projection.handles);
    for (;;) {
      const outcome = await this.step();
      if (outcome !== 'progress') return outcome;
    }
  }

  private relevant(events: readonly RecordedEvent[]): RecordedEvent[] {
    return events.filter((e) => this.handles.has(e.type));
  }

  /**
   * Replays a failed batch one event per transaction so that every good event before the culprit
   * is kept, then records the culprit and stops. False when every event passed on its own.
   */
  private async isolatePoison(handled: readonly RecordedEvent[], batch: readonly RecordedEvent[]): Promise<boolean> {
    for (const event of handled) {
      const failure = await inTransaction(this.pool, async (client) => {
        await lockCheckpoint(client, this.projection.name);
        await client.query('SAVEPOINT one');
        try {
          await this.projection.apply([event], { client, table: liveTables(this.projection) });
        } catch (error) {
          if (isConnectionError(error)) throw error;
          await client.query('ROLLBACK TO SAVEPOINT one');
          return error as Error;
        }
        // The checkpoint may pass this event and the unhandled ones before it.
        await saveCheckpoint(client, this.projection.name, batch[batch.indexOf(event)]!.position);
        return null;
      });
      if (failure) {
        const message = `${event.type} ${event.metadata.eventId} in ${event.streamId}@${event.revision}: ${failure.message}`;
        this.log.error(
          { err: failure, projection: this.projection.name, eventId: event.metadata.eventId },
          'projection stopped on a failing event',
        );
        await inTransaction(this.pool, async (client) => {
          await setProjectionState(client, this.projection.name, 'failed', { error: message, eventId: event.metadata.eventId });
          await recordFailure(client, this.projection.name, event, failure.message);
        });
        return true;
      }
    }
    return false;
  }
}
