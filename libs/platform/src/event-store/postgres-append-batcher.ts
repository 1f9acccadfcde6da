import type pg from 'pg';
import type { AppendResult, EventToAppend, ExpectedRevision } from './event-store.port.js';

type Pending = {
  readonly streamId: string;
  readonly events: readonly EventToAppend[];
  readonly expected: ExpectedRevision;
  resolve(result: AppendResult | null): void;
  reject(error: unknown): void;
};

/**
 * The one rule for where an append starts, as SQL over a mode ('no_stream', 'any',
 * 'stream_exists', else exact), the stream's head revision and the exact revision expected:
 * NULL when the expectation does not hold, which inserts nothing (a conflict). With a constant
 * mode Postgres folds the CASE away.
 */
export const firstRevisionSql = (mode: string, head: string, expected: string): string => `CASE ${mode}
    WHEN 'no_stream' THEN CASE WHEN ${head} IS NULL THEN 0::bigint END
    WHEN 'any' THEN COALESCE(${head}, -1) + 1
    WHEN 'stream_exists' THEN ${head} + 1
    ELSE CASE WHEN ${head} = ${expected} THEN ${expected} + 1 END
  END`;

/**
 * Group commit for appends. While a statement is on its way, appends to other streams queue up
 * and then go to Postgres together as one statement and one transaction: one round trip and one
 * WAL flush for many appends. Each append keeps its own expectation (checked per stream inside
 * the statement). The statement is all or nothing, so when it fails (two writers raced on one
 * stream, or one bad append) its appends are answered `null` and the caller retries each
 * alone, where the precise outcome (conflict, idempotent retry) is decided.
 */
export class PostgresAppendBatcher {
  private readonly queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: pg.Pool,
    /** The single-append path, used when a batch holds one append (its statement is cheaper). */
    private readonly alone: (
      streamId: string,
      events: readonly EventToAppend[],
      expected: ExpectedRevision,
    ) => Promise<AppendResult>,
    private readonly options: { maxInFlight: number; maxBatch: number },
  ) {}

  /** Resolves with the result, or null when this append must be retried on its own. */
  submit(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult | null> {
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, expected, resolve, reject });
      this.drain();
    });
  }

  private drain(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        this.drain();
      });
    }
  }

  /** Up to maxBatch appends, at most one per stream (two on one stream would race each other). */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const streams = new Set<string>();
    for (let i = 0; i < this.queue.length && batch.length < this.options.maxBatch;) {
      const p = this.queue[i]!;
      if (streams.has(p.streamId)) {
        i++;
        continue;
      }
      streams.add(p.streamId);
      batch.push(p);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const p = batch[0]!;
      await this.alone(p.streamId, p.events, p.expected).then(p.resolve, p.reject);
      return;
    }
    try {
      const rows = await this.insert(batch);
      const byEvent = new Map(rows.map((r) => [r.event_id, r]));
      for (const p of batch) {
        const last = byEvent.get(p.events[p.events.length - 1]!.metadata.eventId);
        p.resolve(
          last
            ? { nextRevision: BigInt(last.revision), position: { commit: BigInt(last.tx_id), prepare: BigInt(last.position) } }
            : null,
        );
      }
    } catch {
      // All or nothing: whatever failed the shared statement (a race on one stream, or one bad
      // append), each append now runs alone and meets only its own outcome.
      for (const p of batch) p.resolve(null);
    }
  }

  private async insert(batch: readonly Pending[]) {
    const mode: string[] = [];
    const expectedRevision: (string | null)[] = [];
    const streams: string[] = [];
    const eventAppend: number[] = [];
    const eventOrd: number[] = [];
    const ids: string[] = [];
    const types: string[] = [];
    const data: string[] = [];
    const metadata: string[] = [];
    batch.forEach((p, i) => {
      streams.push(p.streamId);
      mode.push(typeof p.expected === 'bigint' ? 'exact' : p.expected);
      expectedRevision.push(typeof p.expected === 'bigint' ? p.expected.toString() : null);
      p.events.forEach((e, ord) => {
        eventAppend.push(i + 1);
        eventOrd.push(ord);
        ids.push(e.metadata.eventId);
        types.push(e.type);
        data.push(JSON.stringify(e.data));
        metadata.push(JSON.stringify(e.metadata));
      });
    });
    const r = await this.pool.query<{ event_id: string; revision: string; position: string; tx_id: string }>({
      name: 'gt_append_batch',
      text: `
        WITH f AS MATERIALIZED (
          SELECT r.i, r.stream_id,
                 ${firstRevisionSql('r.mode', 'h.head', 'r.expected')} AS first
          FROM unnest($1::text[], $2::text[], $3::bigint[]) WITH ORDINALITY AS r(stream_id, mode, expected, i)
          LEFT JOIN LATERAL (SELECT revision AS head FROM gt_events e WHERE e.stream_id = r.stream_id ORDER BY revision DESC LIMIT 1) h ON true
        )
        INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata)
        SELECT f.stream_id, f.first + ev.ord, ev.event_id, ev.type, ev.data, ev.metadata
        FROM unnest($4::int[], $5::int[], $6::uuid[], $7::text[], $8::json[], $9::json[]) AS ev(i, ord, event_id, type, data, metadata)
        JOIN f ON f.i = ev.i
        WHERE f.first IS NOT NULL
        ORDER BY ev.i, ev.ord
        RETURNING event_id, revision, position, tx_id`,
      values: [streams, mode, expectedRevision, eventAppend, eventOrd, ids, types, data, metadata],
    });
    return r.rows;
  }
}
