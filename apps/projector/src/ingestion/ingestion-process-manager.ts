import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  DomainError,
  ingestionDecider,
  ingestionStream,
  owedProcessing,
  STALE_VERSION,
  StaleVersion,
  type IngestionEvent,
} from '@groundtruth/domain';
import {
  Alarm,
  APP_CONFIG,
  comparePositions,
  EVENT_STORE,
  INGESTION_PROCESS,
  LOGGER,
  LogWatcher,
  PG_POOL,
  StaleVersionError,
  WrongExpectedRevisionError,
  type AppConfig,
  type EventStore,
  type Logger,
  type LogPosition,
  type PgPool,
  type RecordedEvent,
} from '@groundtruth/platform';
import type pg from 'pg';
import { IngestionAppends, processingMetadata } from './ingestion-appends.js';
import { IngestionProcessor, type ProcessingWork } from './ingestion-processor.js';
import { MetaUploads } from './meta-uploads.js';
import { isTransientFailure } from './transient-failure.js';

/** Events that owe a processing. */
const TRIGGERS: ReadonlySet<string> = new Set(['IngestionReceived', 'IngestionReprocessRequested']);
/** Events read from the log per step: the checkpoint moves once all of them are handled. */
const BATCH = 200;
/** Stations processed at once (each station's uploads one after another, in log order). */
const STATIONS_AT_ONCE = 2;
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 15_000;
/** An idle manager looks at the log this often unwoken (the LogWatcher wakes it sooner). */
const IDLE_MS = 5_000;
/** While lanes work, the checkpoint is saved at most this often (and when the step ends). */
const CHECKPOINT_EVERY_MS = 1_000;

const lockKey = `gt_process:${INGESTION_PROCESS}`;

/**
 * The ingestion process manager (DESIGN.md "Sensor data": processing in the projector). Follows the
 * log; each IngestionReceived and IngestionReprocessRequested owes its upload one processing,
 * answered by one IngestionProcessed. What is owed is read from the upload's own stream
 * (`owedProcessing`), never from a read model, so after a crash an upload whose processing was
 * recorded is skipped, and one whose rows were partly written is processed again with the same
 * version (its rows replace; ExactReadingsWrite keeps the aggregates exact).
 *
 * The checkpoint (gt_process_checkpoints) moves past an event only once every upload owed up to it
 * is recorded processed. A store out of reach (ClickHouse, the blob store, Postgres) is retried
 * with backoff, the upload shown `waiting` (gt_ingestion_work) meanwhile; any other failure ends the
 * upload processed with the error as its problem, so nothing stays stuck. One runner across
 * processes (a session advisory lock); uploads of a station in log order, stations in parallel.
 * Outcomes are appended with the ingestion decider directly (IngestionAppends); the manager never
 * waits for a read model, and what it needs of other uploads it keeps itself (MetaUploads).
 */
@Injectable()
export class IngestionProcessManager implements OnApplicationBootstrap, OnApplicationShutdown {
  private stopping = false;
  private loop: Promise<void> | null = null;
  private readonly alarm = new Alarm();
  private readonly stopAlarm = new Alarm();
  private readonly watcher: LogWatcher;
  private lockClient: pg.PoolClient | null = null;
  /** The lock connection's error listener, taken off when the lock is given back. */
  private lockLost: ((err: Error) => void) | null = null;
  /** While a step runs: wakes its lanes waiting for news. */
  private notifyLanes: (() => void) | null = null;
  private summariesCaughtUp = false;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly log: Logger,
    private readonly processor: IngestionProcessor,
    private readonly appends: IngestionAppends,
    private readonly metas: MetaUploads,
  ) {
    this.watcher = new LogWatcher(store, () => this.wake(), log.child({ component: 'ingestion-watcher' }), {
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
    this.stopAlarm.wake();
    this.notifyLanes?.();
    await this.watcher.stop();
    await this.loop;
    await this.unlock();
  }

  /** New events are in the log: look now. */
  wake(): void {
    this.alarm.wake();
    this.notifyLanes?.();
  }

  private async run(): Promise<void> {
    let backoff = FIRST_RETRY_MS;
    while (!this.stopping) {
      try {
        if (!(await this.lock())) {
          await this.alarm.sleep(IDLE_MS);
          continue;
        }
        const progressed = await this.step();
        backoff = FIRST_RETRY_MS;
        if (!progressed) await this.alarm.sleep(IDLE_MS);
      } catch (error) {
        if (this.stopping) return;
        this.log.warn({ err: error }, 'ingestion processing step failed, retrying');
        await this.unlock();
        await this.alarm.sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_RETRY_MS);
      }
    }
  }

  /**
   * Handles the log after the checkpoint until it is drained; false when there was nothing new.
   *
   * Lanes (STATIONS_AT_ONCE) take stations in the order of their first owed event, each station's
   * uploads one after another in log order. A lane with nothing to take reads on rather than waiting
   * for the others: an upload received while another is processed starts at once (its decoding then
   * runs while the engine writes the other's readings; with large writes taking turns, see
   * IngestionProcessor's TURN_FROM_READINGS, the engine is not left idle between uploads). The checkpoint moves past an event once
   * every owed event up to it is done (at most once a CHECKPOINT_EVERY_MS while lanes work, and at
   * the end). A lane that fails stops every lane from taking more (a station's later uploads must
   * not overtake the failed one); the step then throws, and the next starts from the checkpoint.
   */
  async step(): Promise<boolean> {
    let saved = await this.checkpoint();
    // Meta uploads before the checkpoint (a log followed before the index existed) are taken in once.
    await this.metas.catchUp(saved);
    // Stations whose readings came before the page path's summary existed get theirs, once per start.
    if (!this.summariesCaughtUp) {
      const refreshed = await this.processor.catchUpSummaries();
      if (refreshed > 0) this.log.info({ stations: refreshed }, 'station readings summaries filled in');
      this.summariesCaughtUp = true;
    }
    let savedAt = performance.now();
    /** The last event read. */
    let readTo = saved;
    /** Owed events not done yet, in log order, each with the position of the event before it. */
    const owed: { event: RecordedEvent; before: LogPosition | null }[] = [];
    /** Per station, its owed events not started yet, in log order. */
    const queues = new Map<number, RecordedEvent[]>();
    const active = new Set<number>();
    let reading: Promise<number> | null = null;
    let progressed = false;
    let failure: { error: unknown } | null = null;
    // Rung when a lane ends its station or the log has news; a ring with nobody waiting is kept for
    // the next wait (a lane reading meanwhile does not miss it). With STATIONS_AT_ONCE lanes, at most
    // one waits at a time: a lane waits only while another works.
    const news = new Alarm();
    const notify = () => news.wake();
    this.notifyLanes = notify;

    const readMore = (): Promise<number> =>
      (reading ??= (async () => {
        try {
          const events = await this.store.readAll({ after: readTo, limit: BATCH });
          // Before any upload read here is processed: a data upload reads the meta uploads before it.
          await this.metas.take(events);
          for (const event of events) {
            if (TRIGGERS.has(event.type)) {
              owed.push({ event, before: readTo });
              const stationId = (event.data as { stationId: number }).stationId;
              const queue = queues.get(stationId);
              if (queue) queue.push(event);
              else queues.set(stationId, [event]);
            }
            readTo = event.position;
          }
          if (events.length > 0) progressed = true;
          return events.length;
        } finally {
          reading = null;
        }
      })());

    const saveUpTo = async (force: boolean): Promise<void> => {
      const safe = owed.length > 0 ? owed[0]!.before : readTo;
      if (safe === null || (saved !== null && comparePositions(safe, saved) <= 0)) return;
      if (!force && performance.now() - savedAt < CHECKPOINT_EVERY_MS) return;
      await this.saveCheckpoint(safe);
      saved = safe;
      savedAt = performance.now();
    };

    const take = (): [number, RecordedEvent[]] | null => {
      for (const [stationId, queue] of queues) if (!active.has(stationId) && queue.length > 0) return [stationId, queue];
      return null;
    };

    const work = async (): Promise<void> => {
      while (!this.stopping && failure === null) {
        const next = take();
        if (next) {
          const [stationId, queue] = next;
          active.add(stationId);
          try {
            for (let event = queue.shift(); event; event = queue.shift()) {
              await this.handle(event);
              // Stopping, handle may have returned without finishing: the event stays owed.
              if (this.stopping) return;
              owed.splice(
                owed.findIndex((o) => o.event === event),
                1,
              );
              await saveUpTo(false);
              if (failure !== null) return;
            }
          } finally {
            active.delete(stationId);
            if (queue.length === 0) queues.delete(stationId);
            notify();
          }
          continue;
        }
        if ((await readMore()) > 0) continue;
        if (active.size === 0) return;
        // Others are at work: wait for one to finish or for news in the log.
        await news.sleep(IDLE_MS);
      }
    };
    // A lane never rejects: a failure (of a processing, a read of the log, a checkpoint save) is
    // kept, and the others stop taking more and end before the step throws it.
    const lane = () =>
      work().catch((error: unknown) => {
        failure ??= { error };
        notify();
      });

    try {
      await Promise.all(Array.from({ length: STATIONS_AT_ONCE }, lane));
    } finally {
      this.notifyLanes = null;
    }
    if (failure !== null) throw (failure as { error: unknown }).error;
    if (this.stopping) return false;
    await saveUpTo(true);
    return progressed;
  }

  /** Brings one upload to processed, whatever it takes, unless the process stops first. */
  private async handle(trigger: RecordedEvent): Promise<void> {
    const ingestionId = (trigger.data as { ingestionId: number }).ingestionId;
    let attempts = 0;
    let backoff = FIRST_RETRY_MS;
    // A work row left by an earlier process: its try may have stopped half way through the writes.
    const interrupted = await this.workExists(ingestionId);
    while (!this.stopping) {
      const stream = (await this.store.readStream(ingestionStream(ingestionId))) as unknown as IngestionEvent[];
      const work = owedProcessing(stream);
      if (!work) {
        await this.clearWork(ingestionId);
        return;
      }
      attempts += 1;
      try {
        await this.setWork(work, 'processing', attempts, null);
        await this.processor.process(work, work.received.uploadedBy, { afterInterruption: interrupted || attempts > 1 });
        await this.clearWork(ingestionId);
        return;
      } catch (error) {
        if (this.stopping) return;
        if (this.isRaced(error)) continue; // recorded by another runner meanwhile: look again
        if (isTransientFailure(error)) {
          const reason = error instanceof Error ? error.message : String(error);
          this.log.warn(
            { err: error, ingestionId, stationId: work.received.stationId, attempts },
            'a store is out of reach: the upload waits',
          );
          await this.setWork(work, 'waiting', attempts, reason).catch(() => undefined);
          await this.stopAlarm.sleep(backoff);
          backoff = Math.min(backoff * 2, MAX_RETRY_MS);
          continue;
        }
        this.log.error(
          { err: error, ingestionId, stationId: work.received.stationId },
          'processing an upload failed: recorded with the error',
        );
        await this.recordFailure(work, error);
      }
    }
  }

  /** Ends a processing that cannot succeed as processed, with the reason as its problem. */
  private async recordFailure(work: ProcessingWork, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    try {
      await this.appends.decide(
        ingestionDecider,
        ingestionStream(work.received.ingestionId),
        {
          type: 'RecordIngestionProcessed',
          data: {
            ingestionId: work.received.ingestionId,
            version: work.version,
            records: 0,
            readings: 0,
            errors: 1,
            problems: [`Processing failed: ${message}`],
            start: null,
            end: null,
            battery: null,
            location: null,
          },
        },
        processingMetadata(work.received.uploadedBy),
      );
      if (work.received.type === 'meta') await this.metas.recorded(work.received.ingestionId, 0, 1);
    } catch (failure) {
      if (!this.isRaced(failure)) throw failure;
    }
  }

  private isRaced(error: unknown): boolean {
    return (
      error instanceof StaleVersionError ||
      error instanceof WrongExpectedRevisionError ||
      error instanceof StaleVersion ||
      (error instanceof DomainError && (error.code === 'INGESTION.STALE_VERSION' || error.code === STALE_VERSION))
    );
  }

  private async checkpoint(): Promise<LogPosition | null> {
    const r = await this.pool.query<{ commit_pos: string | null; prepare_pos: string | null }>(
      'SELECT commit_pos, prepare_pos FROM gt_process_checkpoints WHERE name = $1',
      [INGESTION_PROCESS],
    );
    const row = r.rows[0];
    return row?.commit_pos != null && row.prepare_pos != null
      ? { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) }
      : null;
  }

  private async saveCheckpoint(position: LogPosition): Promise<void> {
    const current = await this.checkpoint();
    if (current && comparePositions(current, position) >= 0) return;
    await this.pool.query(
      `INSERT INTO gt_process_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET commit_pos = $2, prepare_pos = $3, updated_at = now()`,
      [INGESTION_PROCESS, position.commit.toString(), position.prepare.toString()],
    );
    // Every event up to the checkpoint was read, so taken in by the meta index too.
    await this.metas.save(position);
  }

  private async setWork(work: ProcessingWork, state: 'processing' | 'waiting', attempts: number, error: string | null) {
    await this.pool.query(
      `INSERT INTO gt_ingestion_work (ingestion_id, station_id, state, attempts, error) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (ingestion_id) DO UPDATE SET state = $3, attempts = $4, error = $5, updated_at = now()`,
      [work.received.ingestionId, work.received.stationId, state, attempts, error],
    );
  }

  private async workExists(ingestionId: number): Promise<boolean> {
    const r = await this.pool.query('SELECT 1 FROM gt_ingestion_work WHERE ingestion_id = $1', [ingestionId]);
    return (r.rowCount ?? 0) > 0;
  }

  private async clearWork(ingestionId: number): Promise<void> {
    await this.pool.query('DELETE FROM gt_ingestion_work WHERE ingestion_id = $1', [ingestionId]);
  }

  /** One runner across processes: a session lock, released by Postgres if this process dies. */
  private async lock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await this.pool.connect();
    try {
      const r = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtext($1)) AS ok`, [lockKey]);
      if (r.rows[0]?.ok) {
        // A held client has no pool listener: a dropped connection (Postgres restarted, the
        // session terminated) would otherwise be an unhandled error. The lock went with it.
        const lost = (err: Error) => {
          if (this.lockClient !== client) return;
          this.log.warn({ err }, 'the ingestion process manager lost its lock connection; it takes the lock again');
          this.lockClient = null;
          this.lockLost = null;
          client.release(true);
        };
        client.on('error', lost);
        this.lockClient = client;
        this.lockLost = lost;
        return true;
      }
    } catch (error) {
      client.release(true);
      throw error;
    }
    client.release();
    return false;
  }

  private async unlock(): Promise<void> {
    const client = this.lockClient;
    const lost = this.lockLost;
    this.lockClient = null;
    this.lockLost = null;
    if (!client) return;
    try {
      await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [lockKey]);
      client.release();
    } catch {
      client.release(true);
    }
    // Back in the pool the connection is the pool's: its end (Postgres stopping after this process)
    // is no lost lock (the listener already says nothing once lockClient is another).
    if (lost) client.off('error', lost);
  }
}
