import { UpcasterRegistry } from '@groundtruth/domain';
import type pg from 'pg';
import { followLog } from './follow-log.js';
import {
  DuplicateEventIdError,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type LogPosition,
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
 * Readers see only events appended by transactions older than the oldest transaction still
 * running, ordered by (transaction id, sequence). An append that commits late can then never
 * fall behind a reader's checkpoint, and appends stay parallel (no global lock).
 */
const VISIBLE = `tx_id < pg_snapshot_xmin(pg_current_snapshot())::text::bigint`;

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;

  constructor(
    private readonly pool: pg.Pool,
    private readonly upcasters = new UpcasterRegistry(),
  ) {}

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const last = await this.claimRevisions(client, streamId, BigInt(events.length), expected);
      const first = last - BigInt(events.length) + 1n;
      const inserted = await client.query<{ position: string; tx_id: string }>(
        `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata)
         SELECT $1, $2::bigint + t.ord - 1, t.event_id, t.type, t.data, t.metadata
         FROM unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) WITH ORDINALITY AS t(event_id, type, data, metadata, ord)
         ORDER BY t.ord
         RETURNING position, tx_id`,
        [
          streamId,
          first.toString(),
          events.map((e) => e.metadata.eventId),
          events.map((e) => e.type),
          events.map((e) => JSON.stringify(e.data)),
          events.map((e) => JSON.stringify(e.metadata)),
        ],
      );
      await client.query('COMMIT');
      const lastRow = inserted.rows.reduce((a, b) => (BigInt(a.position) > BigInt(b.position) ? a : b));
      return { nextRevision: last, position: { commit: BigInt(lastRow.tx_id), prepare: BigInt(lastRow.position) } };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      const isUniqueViolation = (error as { code?: string }).code === '23505';
      if (error instanceof WrongExpectedRevisionError || isUniqueViolation) {
        const replay = await this.idempotentReplay(streamId, events, expected);
        if (replay) return replay;
        if (isUniqueViolation)
          throw new DuplicateEventIdError(`An event id in this append was already used elsewhere (${streamId})`);
      }
      throw error;
    } finally {
      client.release();
    }
  }

  /** Moves the stream's revision forward under the row lock, enforcing the expected revision. */
  private async claimRevisions(
    client: pg.PoolClient,
    streamId: string,
    count: bigint,
    expected: ExpectedRevision,
  ): Promise<bigint> {
    let rows: { revision: string }[];
    if (expected === 'no_stream') {
      rows = (
        await client.query<{ revision: string }>(
          'INSERT INTO gt_streams (stream_id, revision) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING revision',
          [streamId, (count - 1n).toString()],
        )
      ).rows;
    } else if (expected === 'any') {
      rows = (
        await client.query<{ revision: string }>(
          `INSERT INTO gt_streams (stream_id, revision) VALUES ($1, $2::bigint - 1)
           ON CONFLICT (stream_id) DO UPDATE SET revision = gt_streams.revision + $2::bigint RETURNING revision`,
          [streamId, count.toString()],
        )
      ).rows;
    } else if (expected === 'stream_exists') {
      rows = (
        await client.query<{ revision: string }>(
          'UPDATE gt_streams SET revision = revision + $2::bigint WHERE stream_id = $1 RETURNING revision',
          [streamId, count.toString()],
        )
      ).rows;
    } else {
      rows = (
        await client.query<{ revision: string }>(
          'UPDATE gt_streams SET revision = revision + $3::bigint WHERE stream_id = $1 AND revision = $2::bigint RETURNING revision',
          [streamId, expected.toString(), count.toString()],
        )
      ).rows;
    }
    const row = rows[0];
    if (!row) throw new WrongExpectedRevisionError(streamId, expected, await this.currentRevision(client, streamId));
    return BigInt(row.revision);
  }

  private async currentRevision(client: pg.PoolClient | pg.Pool, streamId: string): Promise<bigint | 'no_stream'> {
    const r = await client.query<{ revision: string }>('SELECT revision FROM gt_streams WHERE stream_id = $1', [streamId]);
    return r.rows[0] ? BigInt(r.rows[0].revision) : 'no_stream';
  }

  /**
   * A retried append (same event ids, same place) succeeds without writing, as EventStoreDB does.
   * Returns null when this is not such a retry.
   */
  private async idempotentReplay(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult | null> {
    const ids = events.map((e) => e.metadata.eventId);
    const found = await this.pool.query<{
      event_id: string;
      stream_id: string;
      revision: string;
      position: string;
      tx_id: string;
    }>('SELECT event_id, stream_id, revision, position, tx_id FROM gt_events WHERE event_id = ANY($1::uuid[])', [ids]);
    if (found.rowCount === 0) return null;
    const byId = new Map(found.rows.map((r) => [r.event_id, r]));
    const rows = ids.map((id) => byId.get(id));
    const firstRow = rows[0];
    if (!firstRow || rows.some((r) => !r)) {
      throw new DuplicateEventIdError(`Some but not all event ids of this append already exist in ${streamId}`);
    }
    const first = BigInt(firstRow.revision);
    const consistent = rows.every((r, i) => r!.stream_id === streamId && BigInt(r!.revision) === first + BigInt(i));
    const expectedFirst = expected === 'no_stream' ? 0n : typeof expected === 'bigint' ? expected + 1n : first;
    if (!consistent || first !== expectedFirst) return null;
    const lastRow = rows[rows.length - 1]!;
    return {
      nextRevision: BigInt(lastRow.revision),
      position: { commit: BigInt(lastRow.tx_id), prepare: BigInt(lastRow.position) },
    };
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>(`SELECT ${COLUMNS} FROM gt_events WHERE stream_id = $1 ORDER BY revision`, [
      streamId,
    ]);
    return r.rows.map((row) => this.toRecorded(row));
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    const r = await this.pool.query<EventRow>(
      `SELECT ${COLUMNS} FROM gt_events
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
      `SELECT tx_id, position FROM gt_events WHERE ${VISIBLE} ORDER BY tx_id DESC, position DESC LIMIT 1`,
    );
    const row = r.rows[0];
    return row ? { commit: BigInt(row.tx_id), prepare: BigInt(row.position) } : null;
  }

  /** Events readable after a position, counted up to `cap` (for lag figures). */
  async countAfter(after: LogPosition | null, cap = 1_000_000): Promise<number> {
    const r = await this.pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM (SELECT 1 FROM gt_events WHERE ${VISIBLE} AND (tx_id, position) > ($1::bigint, $2::bigint) LIMIT $3) s`,
      [(after?.commit ?? 0n).toString(), (after?.prepare ?? 0n).toString(), cap],
    );
    return Number(r.rows[0]?.n ?? 0);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM gt_streams LIMIT 1');
  }

  async close(): Promise<void> {
    // The pool belongs to whoever opened it.
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
