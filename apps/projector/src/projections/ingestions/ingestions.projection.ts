import { ingestionEventTypes, type IngestionEvent } from '@groundtruth/domain';
import type { Projection, RecordedEvent } from '@groundtruth/platform';

/**
 * Station uploads for listings (admin station rows, station uploads) and for processing, which finds
 * the meta uploads of a device generation here. One row per upload; the latest processing's counts.
 */
export const ingestionsProjection: Projection = {
  name: 'ingestions',
  handles: ingestionEventTypes,
  tables: [
    {
      name: 'ingestions',
      create: (t) => `
        CREATE TABLE ${t} (
          id bigint PRIMARY KEY,
          station_id bigint NOT NULL,
          device_id text NOT NULL,
          generation text NOT NULL,
          type text NOT NULL,
          size bigint NOT NULL,
          first_block bigint NOT NULL,
          last_block bigint NOT NULL,
          content_type text NOT NULL,
          device_name text,
          blob_key text NOT NULL,
          uploaded_by bigint,
          received_at timestamptz NOT NULL,
          version int NOT NULL DEFAULT 0,
          records int,
          readings int,
          errors int,
          problems jsonb,
          data_start timestamptz,
          data_end timestamptz,
          battery double precision,
          longitude double precision,
          latitude double precision,
          processed_at timestamptz
        );
        CREATE INDEX ${t}_station ON ${t} (station_id, id);
        CREATE INDEX ${t}_generation ON ${t} (station_id, generation, type);`,
    },
  ],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const t = table('ingestions');
    for (const event of events as readonly (RecordedEvent & IngestionEvent)[]) {
      switch (event.type) {
        case 'IngestionReceived': {
          const d = event.data;
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
        case 'IngestionProcessed': {
          const d = event.data;
          await client.query(
            `UPDATE ${t} SET version = $2, records = $3, readings = $4, errors = $5, problems = $6, data_start = $7,
               data_end = $8, processed_at = $9, battery = $10, longitude = $11, latitude = $12
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
            ],
          );
          break;
        }
        default:
          break;
      }
    }
  },
};
