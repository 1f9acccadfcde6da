import { stationNotesEventTypes, type StationNotesEvent } from '@groundtruth/domain';
import { type Projection, type RecordedEvent, stationNotesTable, stationMediaTable } from '@groundtruth/platform';

/**
 * A station's notes (one row per written note) and its photos and recordings (one row per media
 * item, `key` the note it was added for or null for a station photo). Rows guard on the stream
 * revision they last took, so applying an event twice changes nothing.
 */
export const stationNotesProjection: Projection = {
  name: 'station_notes',
  handles: stationNotesEventTypes,
  tables: [stationNotesTable, stationMediaTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const notes = table(stationNotesTable.name);
    const media = table(stationMediaTable.name);
    for (const event of events as readonly (RecordedEvent & StationNotesEvent)[]) {
      const revision = event.revision.toString();
      switch (event.type) {
        case 'StationNoteCreated': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${notes} (id, station_id, key, title, body, media_ids, writes, stream_revision, created_by, updated_by, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 1, $7, $8, $8, $9, $9) ON CONFLICT (id) DO NOTHING`,
            [d.noteId, d.stationId, d.key, d.title, d.body, d.mediaIds, revision, d.createdBy, d.createdAt],
          );
          break;
        }
        case 'StationNoteUpdated': {
          const d = event.data;
          await client.query(
            `UPDATE ${notes} SET title = $2, body = $3, media_ids = $4, writes = writes + 1, stream_revision = $5,
               updated_by = $6, updated_at = $7
             WHERE id = $1 AND stream_revision < $5`,
            [d.noteId, d.title, d.body, d.mediaIds, revision, d.updatedBy, d.updatedAt],
          );
          break;
        }
        case 'StationMediaAdded': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${media} (id, station_id, key, media_key, kind, content_type, uploaded_by, created_at, is_station_image)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, false) ON CONFLICT (id) DO NOTHING`,
            [d.mediaId, d.stationId, d.noteKey, d.mediaKey, d.kind, d.contentType, d.uploadedBy, d.addedAt],
          );
          break;
        }
        case 'StationMediaRemoved': {
          const d = event.data;
          await client.query(`DELETE FROM ${media} WHERE id = $1`, [d.mediaId]);
          await client.query(
            `UPDATE ${notes} SET media_ids = array_remove(media_ids, $2::bigint) WHERE station_id = $1 AND $2::bigint = ANY (media_ids)`,
            [d.stationId, d.mediaId],
          );
          break;
        }
        case 'StationImageChosen': {
          const d = event.data;
          await client.query(
            `UPDATE ${media} SET is_station_image = (id = $2)
             WHERE station_id = $1 AND (is_station_image OR id = $2)`,
            [d.stationId, d.mediaId],
          );
          break;
        }
      }
    }
  },
};
