import { ingestionEventTypes, type IngestionEvent } from '@groundtruth/domain';
import {
  type Projection,
  type ProjectionContext,
  type RecordedEvent,
  ingestionsTable,
  stationDataTable,
} from '@groundtruth/platform';

/**
 * What a station's uploads (of readings: data files, CSV imports, …) say about it, recomputed from its rows in `ingestions` after each batch
 * (so a live run and a rebuild, whatever their batch sizes, agree): when it last uploaded, its
 * first and latest reading, its battery in the upload holding its latest readings, and the
 * firmware its newest meta upload names.
 */
const refreshStationData = async (
  client: ProjectionContext['client'],
  ingestions: string,
  stationData: string,
  stationIds: readonly number[],
): Promise<void> => {
  if (stationIds.length === 0) return;
  await client.query(
    `INSERT INTO ${stationData} (station_id, uploads, last_ingestion_at, recording_started_at, last_reading_at, battery, firmware)
     SELECT i.station_id, count(*), max(i.received_at),
            min(i.data_start) FILTER (WHERE i.type <> 'meta'), max(i.data_end) FILTER (WHERE i.type <> 'meta'),
            (SELECT b.battery FROM ${ingestions} b
              WHERE b.station_id = i.station_id AND b.type <> 'meta' AND b.battery IS NOT NULL
              ORDER BY b.data_end DESC NULLS LAST, b.id DESC LIMIT 1),
            (SELECT f.firmware FROM ${ingestions} f
              WHERE f.station_id = i.station_id AND f.type = 'meta' AND f.firmware IS NOT NULL
              ORDER BY f.id DESC LIMIT 1)
       FROM ${ingestions} i WHERE i.station_id = ANY($1::bigint[]) GROUP BY i.station_id
     ON CONFLICT (station_id) DO UPDATE SET uploads = EXCLUDED.uploads, last_ingestion_at = EXCLUDED.last_ingestion_at,
       recording_started_at = EXCLUDED.recording_started_at, last_reading_at = EXCLUDED.last_reading_at,
       battery = EXCLUDED.battery, firmware = EXCLUDED.firmware`,
    [stationIds],
  );
};

/**
 * Station uploads for listings (admin station rows, station uploads) and for processing, which finds
 * the meta uploads of a device generation here. One row per upload; the latest processing's counts;
 * `pending` while a processing is owed (received, or asked again, and not processed since).
 * `station_data` sums them up per station for the station answers.
 */
export const ingestionsProjection: Projection = {
  name: 'ingestions',
  handles: ingestionEventTypes,
  tables: [ingestionsTable, stationDataTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const t = table(ingestionsTable.name);
    const touched = new Set<number>();
    for (const event of events as readonly (RecordedEvent & IngestionEvent)[]) {
      switch (event.type) {
        case 'IngestionReceived': {
          const d = event.data;
          touched.add(d.stationId);
          await client.query(
            `INSERT INTO ${t} (id, station_id, device_id, generation, type, size, first_block, last_block, content_type,
               device_name, blob_key, uploaded_by, received_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (id) DO NOTHING`,
            [
              d.ingestionId,
              d.stationId,
              d.deviceId,
              d.generation,
              d.type,
              d.size,
              d.blocks[0],
              d.blocks[1],
              d.contentType,
              d.deviceName,
              d.blobKey,
              d.uploadedBy,
              d.receivedAt,
            ],
          );
          break;
        }
        case 'IngestionReprocessRequested':
          await client.query(`UPDATE ${t} SET pending = true WHERE id = $1`, [event.data.ingestionId]);
          break;
        case 'IngestionProcessed': {
          const d = event.data;
          touched.add(d.stationId);
          await client.query(
            `UPDATE ${t} SET pending = false, version = $2, records = $3, readings = $4, errors = $5, problems = $6, data_start = $7,
               data_end = $8, processed_at = $9, battery = $10, longitude = $11, latitude = $12, firmware = $13
             WHERE id = $1 AND version < $2`,
            [
              d.ingestionId,
              d.version,
              d.records,
              d.readings,
              d.errors,
              JSON.stringify(d.problems),
              d.start,
              d.end,
              d.processedAt,
              d.battery,
              d.location?.longitude ?? null,
              d.location?.latitude ?? null,
              d.firmware ? JSON.stringify(d.firmware) : null,
            ],
          );
          break;
        }
        default:
          break;
      }
    }
    await refreshStationData(
      client,
      t,
      table(stationDataTable.name),
      [...touched].sort((a, b) => a - b),
    );
  },
};
