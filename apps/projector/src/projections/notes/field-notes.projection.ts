import { fieldNoteEventTypes, type FieldNoteEvent } from '@groundtruth/domain';
import type { Projection, RecordedEvent } from '@groundtruth/platform';

/** Field notes as a station's page lists them; a deleted note's row goes away. */
export const fieldNotesProjection: Projection = {
  name: 'field_notes',
  handles: fieldNoteEventTypes,
  tables: [
    {
      name: 'field_notes',
      create: (t) => `
        CREATE TABLE ${t} (
          id bigint PRIMARY KEY,
          station_id bigint NOT NULL,
          author_id bigint NOT NULL,
          body text NOT NULL,
          revision bigint NOT NULL,
          created_at timestamptz NOT NULL,
          updated_at timestamptz NOT NULL
        );
        CREATE INDEX ${t}_station ON ${t} (station_id, created_at DESC, id DESC);`,
    },
  ],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const notes = table('field_notes');
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
