import { fieldNoteEventTypes, type FieldNoteEvent } from '@groundtruth/domain';
import { type Projection, type RecordedEvent, fieldNotesTable } from '@groundtruth/platform';

/** Field notes as a station's page lists them; a deleted note's row goes away. */
export const fieldNotesProjection: Projection = {
  name: 'field_notes',
  handles: fieldNoteEventTypes,
  tables: [fieldNotesTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const notes = table(fieldNotesTable.name);
    for (const event of events as readonly (RecordedEvent & FieldNoteEvent)[]) {
      const revision = event.revision.toString();
      switch (event.type) {
        case 'FieldNoteAdded': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${notes} (id, station_id, author_id, body, revision, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (id) DO NOTHING`,
            [d.fieldNoteId, d.stationId, d.authorId, d.body, revision, d.addedAt],
          );
          break;
        }
        case 'FieldNoteEdited': {
          const d = event.data;
          await client.query(`UPDATE ${notes} SET body = $2, revision = $3, updated_at = $4 WHERE id = $1 AND revision < $3`, [
            d.fieldNoteId,
            d.body,
            revision,
            d.editedAt,
          ]);
          break;
        }
        case 'FieldNoteDeleted':
          await client.query(`DELETE FROM ${notes} WHERE id = $1`, [event.data.fieldNoteId]);
          break;
      }
    }
  },
};
