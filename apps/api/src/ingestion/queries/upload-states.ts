import { Injectable } from '@nestjs/common';
import { DomainError } from '@groundtruth/domain';
import type { UploadState, UploadStateName } from '@groundtruth/contracts';
import type { IngestionRow } from '@groundtruth/platform';
import { ReadModels } from '../../read-models/read-models.js';
import { UPLOAD_STATE_SQL } from '../../read-models/upload-state.js';

/** An `ingestions` row with its state and, while the process manager works on it, its `gt_ingestion_work` columns. */
type Row = Pick<
  IngestionRow,
  'id' | 'station_id' | 'type' | 'version' | 'records' | 'readings' | 'errors' | 'problems' | 'data_start' | 'data_end'
> & { state: UploadStateName; attempts: number | null; error: string | null };

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export const uploadMessages = { notFound: 'There is no such upload.' } as const;

/** Uploads' states and counts, as GET /data/ingestions/{id} and the status answer show them. */
@Injectable()
export class UploadStates {
  constructor(private readonly readModels: ReadModels) {}

  async of(id: number): Promise<UploadState> {
    const r = await this.readModels.rows<Row>(
      `SELECT i.id, i.station_id, i.type, ${UPLOAD_STATE_SQL} AS state, i.version, i.records, i.readings, i.errors,
              i.problems, i.data_start, i.data_end, w.attempts, w.error
         FROM ingestions i LEFT JOIN gt_ingestion_work w ON w.ingestion_id = i.id WHERE i.id = $1`,
      [id],
    );
    const row = r[0];
    if (!row) throw new DomainError('not_found', 'INGESTION.NOT_FOUND', uploadMessages.notFound);
    return {
      id: Number(row.id),
      stationId: Number(row.station_id),
      type: row.type,
      state: row.state,
      version: row.version,
      records: row.records,
      readings: row.readings,
      errors: row.errors,
      problems: row.problems ?? [],
      start: iso(row.data_start),
      end: iso(row.data_end),
      attempts: row.attempts ?? 0,
      waitingFor: row.state === 'waiting' ? row.error : null,
    };
  }

  /** How many uploads are in each state but processed, and those not processed yet (oldest first, at most `limit`). */
  async unfinished(
    limit: number,
  ): Promise<{ counts: Record<Exclude<UploadStateName, 'processed'>, number>; uploads: UploadState[] }> {
    const r = await this.readModels.rows<{ id: string; state: UploadStateName }>(
      `SELECT i.id, ${UPLOAD_STATE_SQL} AS state FROM ingestions i LEFT JOIN gt_ingestion_work w ON w.ingestion_id = i.id
        WHERE i.pending OR w.state IS NOT NULL OR (coalesce(i.errors, 0) > 0 AND coalesce(i.readings, 0) = 0)
        ORDER BY i.id`,
    );
    const counts = { received: 0, processing: 0, waiting: 0, failed: 0 };
    const open: number[] = [];
    for (const row of r) {
      if (row.state === 'processed') continue;
      counts[row.state] += 1;
      if (row.state !== 'failed' && open.length < limit) open.push(Number(row.id));
    }
    return { counts, uploads: await Promise.all(open.map((id) => this.of(id))) };
  }
}
