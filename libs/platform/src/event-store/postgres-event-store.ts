import { createUpcasters, type UpcasterRegistry } from '@groundtruth/domain';
import pg from 'pg';
import { followLog } from './follow-log.js';
import { firstRevisionSql, PostgresAppendBatcher } from './postgres-append-batcher.js';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type LogPosition,
  type LogProgress,
  type OpenAppend,
  type ReadAllOptions,
  type RecordedEvent,
} from './event-store.port.js';

type EventRow = {
  position: string;
  tx_id: string;
  stream_id: string;
  revision: string;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
};

const COLUMNS = 'position, tx_id, stream_id, revision, event_id, type, data, metadata';

/**
 * The horizon: readers take only events of transactions older than the oldest transaction that
 * may still add events to the log, ordered by (transaction id, sequence), so an append that
 * commits late can never fall behind a reader's checkpoint, and appends stay parallel.
 *
 * Only appends count (migration 010): each holds a shared advisory lock from before it has a
 * transaction id until it ends. Of the transactions running when this statement's snapshot was
 * taken (its `xip`), a blocker is one that held that lock when pg_locks was read just after, or
 * one that has ended since (it may have been an append that committed after our snapshot, whose
 * events we cannot see yet: wait one more look for it). Anything still running that held no lock
 * then has no append under way and, since an append takes the lock before its id, never will.
 * The CASE reads pg_locks (once, materialized) before asking any transaction's status; that order
 * is what makes "still running and not a holder" mean "not an append".
 *
 * Any other transaction on the server (a backup's repeatable read, an analyst's long query, another
 * database) no longer holds readers back. With no blocker the horizon is the snapshot's xmax.
 */
export const APPEND_LOCK = { classid: 26484, objid: 1 } as const;

/**
 * The open appends, as a FROM clause over a pg_locks-shaped relation: `a` is the append lock (in
 * this database), `x` the transaction id of the same transaction. The horizon reads it from one
 * materialized copy of pg_locks; the status page from pg_locks itself.
 */
const appendHolders = (locks: string): string => `
    ${locks} a JOIN ${locks} x ON x.virtualtransaction = a.virtualtransaction
      AND x.locktype = 'transactionid' AND x.mode = 'ExclusiveLock'
      AND a.locktype = 'advisory' AND a.classid = ${APPEND_LOCK.classid} AND a.objid = ${APPEND_LOCK.objid} AND a.objsubid = 2
      AND a.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

const HORIZON_CTES = `
  gt_snap AS MATERIALIZED (SELECT pg_current_snapshot() AS s),
  gt_locks AS MATERIALIZED (
    SELECT locktype, database, classid, objid, objsubid, transactionid, virtualtransaction, pid, mode FROM pg_locks
  ),
  gt_appenders AS MATERIALIZED (
    SELECT x.transactionid::text::bigint AS xid32, a.pid FROM ${appendHolders('gt_locks')}
  ),
  gt_horizon AS MATERIALIZED (
    SELECT least(
      pg_snapshot_xmax(s)::text::bigint,
      (SELECT min(x::text::bigint) FROM pg_snapshot_xip(s) AS x
       WHERE CASE WHEN x::text::bigint % 4294967296 IN (SELECT xid32 FROM gt_appenders) THEN true
                  ELSE pg_xact_status(x) IS DISTINCT FROM 'in progress' END)
    ) AS h
    FROM gt_snap
  )`;
/** Postgres' bigint: no event's tx_id or position is larger. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

const VISIBLE = `tx_id < (SELECT h FROM gt_horizon)`;

/** The single-append statement's start revision, per expectation (`$6` is the exact revision expected). */
const head = `(SELECT revision FROM gt_events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1)`;
const firstRevision = (['no_stream', 'any', 'stream_exists', 'exact'] as const).reduce(
  (all, mode) => ({
    ...all,
    [mode]: {
      name: `gt_append_${mode}`,
      sql: `SELECT ${firstRevisionSql(`'${mode}'`, head, mode === 'exact' ? '$6::bigint' : 'NULL::bigint')} AS first`,
    },
  }),
  {} as Record<'no_stream' | 'any' | 'stream_exists' | 'exact', { name: string; sql: string }>,
);

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;

  private readonly batcher: PostgresAppendBatcher;
  /**
   * Appends run on connections of their own that always use generic plans: the append statements
   * are index lookups whose plans never depend on the values, and planning them afresh each time
   * (Postgres's default for statements taking arrays) cost a third of an append here.
   */
  private readonly appendPool: pg.Pool;

  constructor(
    private readonly pool: pg.Pool,
    private readonly upcasters: UpcasterRegistry = createUpcasters(),
    options: { maxInFlightAppends?: number; maxAppendBatch?: number } = {},
  ) {
    const maxInFlight = options.maxInFlightAppends ?? 2;
    this.appendPool = new pg.Pool({
      ...pool.options,
      max: maxInFlight + 2,
      options: '-c plan_cache_mode=force_generic_plan',
      application_name: 'groundtruth-append',
      allowExitOnIdle: true,
    });
    this.appendPool.on('error', () => undefined);
    this.batcher = new PostgresAppendBatcher(this.appendPool, (s, e, x) => this.appendAlone(s, e, x), {
      maxInFlight,
      maxBatch: options.maxAppendBatch ?? 256,
    });
  }

  /** Appends travelling at the same time share one statement and one commit (see PostgresAppendBatcher). */
  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    return (await this.batcher.submit(streamId, events, expected)) ?? this.appendAlone(streamId, events, expected);
  }

  /**
   * An append on its own: one statement, so one round trip and one implicit transaction. The
   * unique (stream, revision) index is the concurrency check: of two writers claiming the same
   * next revision, the second waits for the first to commit and then fails with a conflict.
   */
  private async appendAlone(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const base =
      firstRevision[expected === 'no_stream' || expected === 'any' || expected === 'stream_exists' ? expected : 'exact'];
    const text = `
      INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata)
      SELECT $1, b.first + t.ord - 1, t.event_id, t.type, t.data, t.metadata
      FROM (${base.sql}) b, unnest($2::uuid[], $3::text[], $4::json[], $5::json[]) WITH ORDINALITY AS t(event_id, type, data, metadata, ord)
      WHERE b.first IS NOT NULL
      ORDER BY t.ord
      RETURNING position, tx_id, revision`;
    const values = [
      streamId,
      events.map((e) => e.metadata.eventId),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data)),
      events.map((e) => JSON.stringify(e.metadata)),
      ...(typeof expected === 'bigint' ? [expected.toString()] : []),
    ];
    for (let attempt = 0; ; attempt++) {
      try {
        const r = await this.appendPool.query<{ position: string; tx_id: string; revision: string }>({
          name: base.name,
          text,
          values,
        });
        const last = r.rows.reduce<(typeof r.rows)[number] | undefined>(
          (a, b) => (a && BigInt(a.position) > BigInt(b.position) ? a : b),
          undefined,
        );
        if (!last) throw new WrongExpectedRevisionError(streamId, expected, await this.currentRevision(streamId));
        return { nextRevision: BigInt(last.revision), position: { commit: BigInt(last.tx_id), prepare: BigInt(last.position) } };
      } catch (error) {
        const raced = (error as { code?: string }).code === '23505'; // the unique (stream, revision) index
        // 'any' and 'stream_exists' read the head themselves: losing a race just means read it again.
        if (raced && (expected === 'any' || expected === 'stream_exists') && attempt < 20) continue;
        if (raced || error instanceof WrongExpectedRevisionError) {
          const replay = await this.idempotentReplay(streamId, events, expected);
          if (replay) return replay;
          if (raced) throw new WrongExpectedRevisionError(streamId, expected, await this.currentRevision(streamId));
        }
        throw error;
      }
    }
  }

  private async currentRevision(streamId: string): Promise<bigint | 'no_stream'> {
    const r = await this.pool.query<{ revision: string }>(
      'SELECT revision FROM gt_events WHERE stream_id = $1 ORDER BY revision DESC LIMIT 1',
      [streamId],
    );
    return r.rows[0] ? BigInt(r.rows[0].revision) : 'no_stream';
  }

  /**
   * A retried append (same event ids, same place) succeeds without writing, as EventStoreDB does:
   * the ids are compared with the events already at the place the append asked for (for 'any'
   * and 'stream_exists', wherever the first id stands in the stream). Returns null when this is
   * not such a retry.
   */
  private async idempotentReplay(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | null> {
    const ids = events.map((e) => e.metadata.eventId);
    const firstAt =
      expected === 'no_stream'
        ? '$3::bigint'
        : typeof expected === 'bigint'
          ? '$3::bigint + 1'
          : '(SELECT revision FROM gt_events WHERE stream_id = $1 AND event_id = ($2::uuid[])[1])';
    const found = await this.pool.query<{ event_id: string; revision: string; position: string; tx_id: string }>(
      `SELECT event_id, revision, position, tx_id FROM gt_events
       WHERE stream_id = $1 AND revision >= ${firstAt} AND revision < ${firstAt} + cardinality($2::uuid[])
       ORDER BY revision`,
      expected === 'no_stream'
        ? [streamId, ids, '0']
        : typeof expected === 'bigint'
          ? [streamId, ids, expected.toString()]
          : [streamId, ids],
    );
    const same = found.rows.filter((r, i) => r.event_id === ids[i]).length;
    if (same === 0) return null;
    if (same < ids.length)
      throw new DuplicateEventIdError(`Some but not all event ids of this append are already in ${streamId}`);
    const last = found.rows[found.rows.length - 1]!;
    return { nextRevision: BigInt(last.revision), position: { commit: BigInt(last.tx_id), prepare: BigInt(last.position) } };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>(`SELECT ${COLUMNS} FROM gt_events WHERE stream_id = $1 ORDER BY revision`, [
      streamId,
    ]);
    return r.rows.map((row) => this.toRecorded(row));
  }

  /** By the index of migration 024; every append is shown, committed or not yet past the horizon. */
  async readByCorrelation(correlationId: string, limit: number): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM gt_events WHERE metadata ->> 'correlationId' = $1 ORDER BY tx_id, position LIMIT $2`,
      [correlationId, limit],
    );
    return r.rows.map((row) => this.toRecorded(row));
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>(
      `WITH ${HORIZON_CTES}
       SELECT ${COLUMNS} FROM gt_events
       WHERE ${VISIBLE} AND (tx_id, position) > ($1::bigint, $2::bigint)
       ORDER BY tx_id, position LIMIT $3`,
      [(after?.commit ?? 0n).toString(), (after?.prepare ?? 0n).toString(), limit],
    );
    return r.rows.map((row) => this.toRecorded(row));
  }

  subscribeAll(from: LogPosition | null, signal: AbortSignal): AsyncIterable<RecordedEvent> {
    return followLog((o) => this.readAll(o), from, signal);
  }

  async headPosition(): Promise<LogPosition | null> {
    const r = await this.pool.query<{ tx_id: string; position: string }>(
      `WITH ${HORIZON_CTES} SELECT tx_id, position FROM gt_events WHERE ${VISIBLE} ORDER BY tx_id DESC, position DESC LIMIT 1`,
    );
    const row = r.rows[0];
    return row ? { commit: BigInt(row.tx_id), prepare: BigInt(row.position) } : null;
  }

  async holds(position: LogPosition): Promise<boolean> {
    if (position.commit > MAX_BIGINT || position.prepare > MAX_BIGINT) return false;
    // No horizon: an event committed behind an open append exists, and readers will reach it.
    const r = await this.pool.query<{ held: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM gt_events WHERE position = $2::bigint AND tx_id = $1::bigint) AS held',
      [position.commit.toString(), position.prepare.toString()],
    );
    return r.rows[0]?.held === true;
  }

  async progressAfter(after: LogPosition | null, cap: number): Promise<LogProgress> {
    const r = await this.pool.query<{ n: string; oldest: Date | null }>(
      `WITH ${HORIZON_CTES}
       SELECT count(*) AS n, min(created_at) AS oldest FROM (
         SELECT created_at FROM gt_events WHERE ${VISIBLE} AND (tx_id, position) > ($1::bigint, $2::bigint)
         ORDER BY tx_id, position LIMIT $3) s`,
      [(after?.commit ?? 0n).toString(), (after?.prepare ?? 0n).toString(), cap],
    );
    return { events: Number(r.rows[0]?.n ?? 0), oldestAt: r.rows[0]?.oldest ?? null };
  }

  async openAppends(minAgeMs: number): Promise<OpenAppend[]> {
    const r = await this.pool.query<{ xid: string; ms: string; application: string | null }>(
      `SELECT x.transactionid::text AS xid, floor(extract(epoch FROM clock_timestamp() - s.xact_start) * 1000) AS ms,
              nullif(s.application_name, '') AS application
       FROM ${appendHolders('pg_locks')}
       JOIN pg_stat_activity s ON s.pid = a.pid
       WHERE clock_timestamp() - s.xact_start >= $1 * interval '1 millisecond'
       ORDER BY s.xact_start`,
      [minAgeMs],
    );
    return r.rows.map((row) => ({ transactionId: row.xid, openForMs: Number(row.ms), application: row.application }));
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM gt_events LIMIT 1');
  }

  /** Closes the append connections; the shared pool belongs to whoever opened it. */
  async close(): Promise<void> {
    await this.appendPool.end();
  }

  private toRecorded(row: EventRow): RecordedEvent {
    const { type, data } = this.upcasters.upcast({ type: row.type, data: row.data });
    return {
      type,
      data,
      metadata: { ...row.metadata, eventId: row.event_id },
      streamId: row.stream_id,
      revision: BigInt(row.revision),
      position: { commit: BigInt(row.tx_id), prepare: BigInt(row.position) },
    };
  }
}
