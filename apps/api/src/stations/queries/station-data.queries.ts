import { Injectable } from '@nestjs/common';
import type { IngestionFirmware, LatestReading } from '@groundtruth/domain';
import { STATION_UPLOADS_LISTED, type StationUpload } from '@groundtruth/contracts';
import type { IngestionRow } from '@groundtruth/platform';
import { idArray, ReadModels } from '../../read-models/read-models.js';
import { RECENT_BUCKET_MS, readLatestSummaries } from '../../read-models/readings-summary.js';
import { UPLOAD_STATE_SQL } from '../../read-models/upload-state.js';

/** What the `station_data` read model (ingestions projection) knows of a station's uploads. */
export type StationDataSummary = {
  readonly lastIngestionAt: string;
  readonly recordingStartedAt: string | null;
  readonly lastReadingAt: string | null;
  readonly battery: number | null;
  readonly firmware: IngestionFirmware | null;
};

/** Per station: each module sensor's latest reading, and how many readings it holds. */
export type StationReadings = { readonly latest: LatestReading[]; readonly samples: number };

type Timestamp = Date | string;
const iso = (d: Timestamp): string => new Date(d).toISOString();

/** The raw file of an upload, for its station's owner and site admins. */
export const uploadFileUrl = (ingestionId: number): string => `/api/data/ingestions/${ingestionId}/file`;

/** The columns of `ingestions` an upload listing shows. */
export type UploadRow = Pick<
  IngestionRow,
  'id' | 'received_at' | 'type' | 'size' | 'first_block' | 'last_block' | 'errors' | 'problems'
> & { state: StationUpload['state'] };

/** The columns an upload listing selects, over `ingestions i` LEFT JOIN `gt_ingestion_work w` (see UPLOAD_STATE_SQL). */
export const UPLOAD_COLUMNS = `i.id, i.station_id, i.received_at, i.type, i.size, i.first_block, i.last_block, i.errors, i.problems,
  ${UPLOAD_STATE_SQL} AS state`;

export const toUpload = (r: UploadRow): StationUpload => ({
  id: Number(r.id),
  time: iso(r.received_at),
  type: r.type,
  size: Number(r.size),
  blocks: [Number(r.first_block), Number(r.last_block)],
  url: uploadFileUrl(Number(r.id)),
  state: r.state,
  errors: r.errors,
  problems: r.problems ?? [],
});

/**
 * What stations' data says about them, for many stations at once, all from Postgres: the upload
 * summary from the read model, the newest uploads, and each sensor's latest reading, count of
 * readings and recent highest from the summary the ingestion processor keeps (`gt_sensor_latest`,
 * `gt_sensor_recent`, migration 028): the page path never waits for ClickHouse.
 */
@Injectable()
export class StationDataQueries {
  constructor(private readonly readModels: ReadModels) {}

  async summaries(ids: readonly number[]): Promise<Map<number, StationDataSummary>> {
    if (ids.length === 0) return new Map();
    const rows = await this.readModels.rows<{
      station_id: string;
      last_ingestion_at: Timestamp;
      recording_started_at: Timestamp | null;
      last_reading_at: Timestamp | null;
      battery: number | null;
      firmware: IngestionFirmware | null;
    }>('SELECT * FROM station_data WHERE station_id = ANY($1::bigint[])', [idArray(ids)]);
    return new Map(
      rows.map((r) => [
        Number(r.station_id),
        {
          lastIngestionAt: iso(r.last_ingestion_at),
          recordingStartedAt: r.recording_started_at === null ? null : iso(r.recording_started_at),
          lastReadingAt: r.last_reading_at === null ? null : iso(r.last_reading_at),
          battery: r.battery,
          firmware: r.firmware,
        },
      ]),
    );
  }

  /** The newest uploads of each station, newest first (at most `limit` each). */
  async uploads(ids: readonly number[], limit: number = STATION_UPLOADS_LISTED): Promise<Map<number, StationUpload[]>> {
    const out = new Map<number, StationUpload[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return out;
    const rows = await this.readModels.rows<UploadRow & { station_id: string }>(
      `SELECT ${UPLOAD_COLUMNS} FROM (
         SELECT i.*, row_number() OVER (PARTITION BY station_id ORDER BY id DESC) AS n FROM ingestions i
          WHERE station_id = ANY($1::bigint[])) i
         LEFT JOIN gt_ingestion_work w ON w.ingestion_id = i.id
        WHERE n <= $2 ORDER BY i.station_id, i.id DESC`,
      [idArray(ids), limit],
    );
    for (const r of rows) out.get(Number(r.station_id))?.push(toUpload(r));
    return out;
  }

  /** Each station module sensor's latest reading and each station's count of readings, in one query. */
  async readings(ids: readonly number[]): Promise<Map<number, StationReadings>> {
    const out = new Map<number, { latest: LatestReading[]; samples: number }>();
    if (ids.length === 0) return out;
    for (const row of await readLatestSummaries(this.readModels, ids)) {
      const station = out.get(row.stationId) ?? { latest: [], samples: 0 };
      station.latest.push({ moduleId: row.moduleId, sensorId: row.sensorId, value: row.value, timeMs: row.timeMs });
      station.samples += row.samples;
      out.set(row.stationId, station);
    }
    return out;
  }

  /**
   * Each station module sensor's highest reading of the window [from, to): of the kept ten-minute
   * buckets from the one holding `fromMs` (so the window read may start up to ten minutes early),
   * keyed `station/module/sensor`.
   */
  async recentHighest(ids: readonly number[], fromMs: number, toMs: number): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (ids.length === 0 || toMs <= fromMs) return out;
    const from = Math.floor(fromMs / RECENT_BUCKET_MS) * RECENT_BUCKET_MS;
    const rows = await this.readModels.rows<{ station_id: string; module_id: string; sensor_id: number; highest: number }>(
      `SELECT station_id, module_id, sensor_id, max(value_max) AS highest FROM gt_sensor_recent
        WHERE station_id = ANY($1::bigint[]) AND bucket >= $2 AND bucket < $3
        GROUP BY station_id, module_id, sensor_id`,
      [idArray(ids), new Date(from), new Date(toMs)],
    );
    for (const row of rows) out.set(`${row.station_id}/${row.module_id}/${row.sensor_id}`, row.highest);
    return out;
  }
}
