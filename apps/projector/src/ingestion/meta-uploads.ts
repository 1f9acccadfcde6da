import { Inject, Injectable } from '@nestjs/common';
import type { IngestionProcessed, IngestionReceived } from '@groundtruth/domain';
import {
  comparePositions,
  EVENT_STORE,
  PG_POOL,
  type EventStore,
  type LogPosition,
  type PgPool,
  type RecordedEvent,
} from '@groundtruth/platform';

/** The index's position in gt_process_checkpoints. */
export const META_UPLOADS_INDEX = 'ingestion_metas';
const CATCH_UP_BATCH = 1000;

/**
 * The process manager's own index of meta uploads (gt_ingestion_metas), taken from the log as it
 * reads it: which meta uploads a station has per generation, and whether each one's last processing
 * held readable records. It replaces reading the `ingestions` read model, which another runner
 * builds at its own pace. Taking an event twice changes nothing, so a step read again after a crash
 * is harmless.
 */
@Injectable()
export class MetaUploads {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** Takes in the meta uploads the events receive, and the outcome of their processings. */
  async take(events: readonly RecordedEvent[]): Promise<void> {
    const received: IngestionReceived['data'][] = [];
    const usable = new Map<number, boolean>();
    for (const event of events) {
      if (event.type === 'IngestionReceived') {
        const data = event.data as IngestionReceived['data'];
        if (data.type === 'meta') received.push(data);
      } else if (event.type === 'IngestionProcessed') {
        const data = event.data as IngestionProcessed['data'];
        usable.set(data.ingestionId, data.records > data.errors);
      }
    }
    if (received.length > 0) {
      await this.pool.query(
        `INSERT INTO gt_ingestion_metas (ingestion_id, station_id, generation, blob_key)
         SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[]) ON CONFLICT (ingestion_id) DO NOTHING`,
        [
          received.map((r) => r.ingestionId),
          received.map((r) => r.stationId),
          received.map((r) => r.generation),
          received.map((r) => r.blobKey),
        ],
      );
    }
    if (usable.size > 0) {
      await this.pool.query(
        `UPDATE gt_ingestion_metas m SET usable = u.usable
           FROM unnest($1::bigint[], $2::boolean[]) AS u(ingestion_id, usable) WHERE m.ingestion_id = u.ingestion_id`,
        [[...usable.keys()], [...usable.values()]],
      );
    }
  }

  /** A processing of a meta upload was recorded (by this process: the log is read later). */
  async recorded(ingestionId: number, records: number, errors: number): Promise<void> {
    await this.pool.query('UPDATE gt_ingestion_metas SET usable = $2 WHERE ingestion_id = $1', [ingestionId, records > errors]);
  }

  /** Blob keys of the station's meta uploads of a generation, in upload order. */
  async of(stationId: number, generation: string): Promise<string[]> {
    const r = await this.pool.query<{ blob_key: string }>(
      'SELECT blob_key FROM gt_ingestion_metas WHERE station_id = $1 AND generation = $2 ORDER BY ingestion_id',
      [stationId, generation],
    );
    return r.rows.map((row) => row.blob_key);
  }

  /** Whether a later meta upload of the station held readable records (so it configured the modules since). */
  async laterUsable(stationId: number, ingestionId: number): Promise<boolean> {
    const r = await this.pool.query(
      'SELECT 1 FROM gt_ingestion_metas WHERE station_id = $1 AND ingestion_id > $2 AND usable LIMIT 1',
      [stationId, ingestionId],
    );
    return (r.rowCount ?? 0) > 0;
  }

  /**
   * Brings the index up to `to` (the manager's checkpoint) when it is behind: once, after the table
   * was added to a log the manager had already followed. Beyond the checkpoint the manager's own
   * reading feeds it.
   */
  async catchUp(to: LogPosition | null): Promise<void> {
    if (to === null) return;
    let at = await this.position();
    if (at !== null && comparePositions(at, to) >= 0) return;
    for (;;) {
      const events = await this.store.readAll({ after: at, limit: CATCH_UP_BATCH });
      const upTo = events.filter((e) => comparePositions(e.position, to) <= 0);
      await this.take(upTo);
      if (upTo.length === 0) break;
      at = upTo[upTo.length - 1]!.position;
      if (upTo.length < events.length) break;
    }
    await this.save(to);
  }

  /** Everything up to `position` is taken in (the manager saves it with its checkpoint). */
  async save(position: LogPosition): Promise<void> {
    await this.pool.query(
      `INSERT INTO gt_process_checkpoints (name, commit_pos, prepare_pos) VALUES ($1, $2, $3)
       ON CONFLICT (name) DO UPDATE SET commit_pos = $2, prepare_pos = $3, updated_at = now()`,
      [META_UPLOADS_INDEX, position.commit.toString(), position.prepare.toString()],
    );
  }

  private async position(): Promise<LogPosition | null> {
    const r = await this.pool.query<{ commit_pos: string | null; prepare_pos: string | null }>(
      'SELECT commit_pos, prepare_pos FROM gt_process_checkpoints WHERE name = $1',
      [META_UPLOADS_INDEX],
    );
    const row = r.rows[0];
    return row?.commit_pos != null && row.prepare_pos != null
      ? { commit: BigInt(row.commit_pos), prepare: BigInt(row.prepare_pos) }
      : null;
  }
}
