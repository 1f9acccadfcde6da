import { type Projection, type RecordedEvent, activityTable } from '@groundtruth/platform';

/**
 * The activity feed (spec §2 Project page; DESIGN "a projection of the log"): one row per thing
 * that happened, attached to a project (its updates) or to a station (its deployments and, with
 * its data uploads). The API shows a project's own rows together with the
 * rows of the stations it holds now, newest first, so a station added later brings its history.
 *
 * The event shapes are read structurally: this projection only needs a few fields of each.
 */
type Deployed = {
  stationId: number;
  deployedAt: string;
  locationName?: string | null;
  location: { longitude: number; latitude: number };
};
type UpdatePosted = { projectId: number; updateId: number; authorId: number | null; body: string; postedAt: string };
type UpdateEdited = { projectId: number; updateId: number; body: string; editedAt: string };
type UpdateDeleted = { projectId: number; updateId: number };
type ProjectDeleted = { projectId: number };
type IngestionReceived = {
  ingestionId: number;
  stationId: number;
  type: 'meta' | 'data' | 'csv' | 'lorawan';
  receivedAt: string;
};
type IngestionProcessed = { ingestionId: number; records: number; errors: number };

const handles = [
  'StationDeployed',
  'ProjectUpdatePosted',
  'ProjectUpdateEdited',
  'ProjectUpdateDeleted',
  'ProjectDeleted',
  'IngestionReceived',
  'IngestionProcessed',
] as const;

const updateKey = (updateId: number): string => `project-update-${updateId}`;
const ingestionKey = (ingestionId: number): string => `ingestion-${ingestionId}`;

export const activityProjection: Projection = {
  name: 'activity',
  handles,
  // 2: CSV imports and LoRaWAN uplinks are in the feed too (1 had station data files only).
  version: 2,
  tables: [activityTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const activity = table(activityTable.name);
    const insert = (row: {
      id: string;
      kind: string;
      project: number | null;
      station: number | null;
      author: number | null;
      at: string;
      details: unknown;
    }) =>
      client.query(
        `INSERT INTO ${activity} (id, kind, project_id, station_id, author_id, occurred_at, details)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
        [row.id, row.kind, row.project, row.station, row.author, row.at, JSON.stringify(row.details)],
      );
    for (const event of events) {
      switch (event.type) {
        case 'StationDeployed': {
          const d = event.data as Deployed;
          // One row per deployment: a station moved and deployed again shows twice.
          await insert({
            id: `${event.streamId}@${event.revision}`,
            kind: 'StationDeployed',
            project: null,
            station: d.stationId,
            author: event.metadata.userId ?? null,
            at: d.deployedAt,
            details: { deployedAt: d.deployedAt, location: d.location, locationName: d.locationName ?? null },
          });
          break;
        }
        case 'ProjectUpdatePosted': {
          const d = event.data as UpdatePosted;
          await insert({
            id: updateKey(d.updateId),
            kind: 'ProjectUpdate',
            project: d.projectId,
            station: null,
            author: d.authorId,
            at: d.postedAt,
            details: { updateId: d.updateId, body: d.body },
          });
          break;
        }
        case 'ProjectUpdateEdited': {
          const d = event.data as UpdateEdited;
          await client.query(`UPDATE ${activity} SET details = details || $2::jsonb WHERE id = $1`, [
            updateKey(d.updateId),
            JSON.stringify({ body: d.body, editedAt: d.editedAt }),
          ]);
          break;
        }
        case 'ProjectUpdateDeleted':
          await client.query(`DELETE FROM ${activity} WHERE id = $1`, [updateKey((event.data as UpdateDeleted).updateId)]);
          break;
        case 'IngestionReceived': {
          // Spec §2: one StationIngestion per data upload with at least one record: a station's
          // data file, a CSV import or a LoRaWAN uplink alike (a meta file holds no readings). It
          // waits, unprocessed, until processing says how many records it held.
          const d = event.data as IngestionReceived;
          if (d.type === 'meta') break;
          await insert({
            id: ingestionKey(d.ingestionId),
            kind: 'StationIngestion',
            project: null,
            station: d.stationId,
            author: event.metadata.userId ?? null,
            at: d.receivedAt,
            details: { ingestionId: d.ingestionId, processed: false, records: 0, errors: 0 },
          });
          break;
        }
        case 'IngestionProcessed': {
          // Reprocessing replaces the counts; an upload that held no record leaves the feed.
          const d = event.data as IngestionProcessed;
          if (d.records > 0) {
            await client.query(`UPDATE ${activity} SET details = details || $2::jsonb WHERE id = $1`, [
              ingestionKey(d.ingestionId),
              JSON.stringify({ processed: true, records: d.records, errors: d.errors }),
            ]);
          } else {
            await client.query(`DELETE FROM ${activity} WHERE id = $1`, [ingestionKey(d.ingestionId)]);
          }
          break;
        }
        case 'ProjectDeleted':
          await client.query(`DELETE FROM ${activity} WHERE project_id = $1`, [(event.data as ProjectDeleted).projectId]);
          break;
      }
    }
  },
};
