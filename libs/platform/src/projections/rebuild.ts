import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { EventStore, LogPosition, RecordedEvent } from '../event-store/event-store.port.js';
import { inTransaction } from '../postgres/postgres.js';
import {
  lockCheckpoint,
  projectionFingerprint,
  registerCheckpoint,
  saveCheckpoint,
  saveFingerprint,
  setProjectionState,
} from './checkpoints.js';
import { skippedEventIds } from './failures.js';
import { ensureTables } from './tables.js';
import { quoteIdent, type Projection, type ProjectionContext } from './projection.js';

export type RebuildResult = { projection: string; events: number; handled: number; seconds: number };

/** Where a rebuild stands: events of the log replayed so far, out of the log's length when it started (the tail may add a few). */
export type RebuildProgress = { projection: string; done: number; total: number; phase: 'replay' | 'swapped' };

/** The log's length when a rebuild starts, counted up to this cap. */
const TOTAL_CAP = 100_000_000;

/**
 * Replays the whole log into fresh copies of a projection's tables, then swaps them in. The live
 * projection keeps serving (and following) meanwhile; the swap happens under its advisory lock
 * after a last catch-up, so no event is lost between the replay and the swap.
 */
export const rebuildProjection = async (
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  log: Logger,
  options: { batchSize?: number; onProgress?: (progress: RebuildProgress) => Promise<void> | void } = {},
): Promise<RebuildResult> => {
  const started = performance.now();
  await ensureTables(pool, projection);
  await registerCheckpoint(pool, projection.name, projection.handles);
  // Events an operator skipped stay out of the rebuilt model, as they are out of the live one.
  const skipped = await skippedEventIds(pool, projection.name);
  const logLength = options.onProgress ? (await store.progressAfter(null, TOTAL_CAP)).events : 0;
  const suffix = `__rb_${randomBytes(3).toString('hex')}`;
  const physical = new Map(projection.tables.map((t) => [t.name, `${t.name}${suffix}`]));
  const table: ProjectionContext['table'] = (name) => {
    const p = physical.get(name);
    if (!p) throw new Error(`Projection ${projection.name} has no table ${name}`);
    return quoteIdent(p);
  };
  for (const t of projection.tables) await pool.query(t.create(table(t.name)));
  const handles = new Set(projection.handles);
  const batchSize = options.batchSize ?? 5000;
  let position: LogPosition | null = null;
  let total = 0;
  let handled = 0;

  /** Applies the next batch of the log to the fresh tables; returns how many events it read. */
  const applyNext = async (client: pg.PoolClient): Promise<number> => {
    const events: RecordedEvent[] = await store.readAll({ after: position, limit: batchSize });
    const relevant = events.filter((e) => handles.has(e.type) && !skipped.has(e.metadata.eventId));
    if (relevant.length > 0) await projection.apply(relevant, { client, table });
    if (events.length > 0) position = events[events.length - 1]!.position;
    total += events.length;
    handled += relevant.length;
    return events.length;
  };

  try {
    // Phase 1: bulk replay, one transaction per batch, without blocking the live projection.
    const report = (phase: RebuildProgress['phase']) =>
      options.onProgress?.({ projection: projection.name, done: total, total: Math.max(logLength, total), phase });
    await report('replay');
    while ((await inTransaction(pool, applyNext)) > 0) {
      if (total % (batchSize * 20) === 0) log.info({ projection: projection.name, events: total }, 'rebuild progress');
      await report('replay');
    }
    // Phase 2: under the live projection's lock, catch up the tail and swap the tables in.
    await inTransaction(pool, async (client) => {
      await lockCheckpoint(client, projection.name);
      while ((await applyNext(client)) > 0);
      for (const t of projection.tables) {
        const live = quoteIdent(t.name);
        const old = quoteIdent(`${t.name}${suffix}_old`);
        await client.query(`ALTER TABLE ${live} RENAME TO ${old}`);
        await client.query(`ALTER TABLE ${table(t.name)} RENAME TO ${live}`);
        await client.query(`DROP TABLE ${old}`);
      }
      if (position) await saveCheckpoint(client, projection.name, position, { rebuilt: true });
      else
        await client.query('UPDATE gt_projection_checkpoints SET commit_pos = NULL, prepare_pos = NULL WHERE name = $1', [
          projection.name,
        ]);
      await setProjectionState(client, projection.name, 'running');
      await saveFingerprint(client, projection.name, projectionFingerprint(projection));
    });
  } catch (error) {
    for (const t of projection.tables) await pool.query(`DROP TABLE IF EXISTS ${table(t.name)}`).catch(() => undefined);
    throw error;
  }
  // Fresh tables have no statistics until autovacuum comes by: without them the planner guesses
  // (e.g. a seq scan where a trigram index serves a search).
  for (const t of projection.tables) await pool.query(`ANALYZE ${quoteIdent(t.name)}`);
  await options.onProgress?.({ projection: projection.name, done: total, total: Math.max(logLength, total), phase: 'swapped' });
  const seconds = (performance.now() - started) / 1000;
  log.info({ projection: projection.name, events: total, handled, seconds }, 'rebuild done');
  return { projection: projection.name, events: total, handled, seconds };
};
