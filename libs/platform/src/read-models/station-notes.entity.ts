import type { NoteKey } from '@groundtruth/domain';
import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's station notes projection, with `station_media`. */
export const stationNotesTable = readModelTable(
  'station_notes',
  {
    id: col.bigint().primary(),
    station_id: col.bigint(),
    key: col.text<NoteKey>(),
    title: col.text().nullable(),
    body: col.text(),
    media_ids: col.bigintArray(),
    writes: col.int(),
    stream_revision: col.bigint(),
    created_by: col.bigint().nullable(),
    updated_by: col.bigint().nullable(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'station_key', on: 'station_id, key', unique: true }] },
);
export type StationNoteRow = RowOf<typeof stationNotesTable.columns>;

export const stationMediaTable = readModelTable(
  'station_media',
  {
    id: col.bigint().primary(),
    station_id: col.bigint(),
    key: col.text<NoteKey>().nullable(),
    media_key: col.text(),
    kind: col.text<'photo' | 'audio'>(),
    content_type: col.text(),
    uploaded_by: col.bigint().nullable(),
    created_at: col.timestamptz(),
    is_station_image: col.boolean(),
  },
  { indexes: [{ suffix: 'station', on: 'station_id, id' }] },
);
export type StationMediaRow = RowOf<typeof stationMediaTable.columns>;

/** Written by the projector's field notes projection. */
export const fieldNotesTable = readModelTable(
  'field_notes',
  {
    id: col.bigint().primary(),
    station_id: col.bigint(),
    author_id: col.bigint(),
    body: col.text(),
    revision: col.bigint(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'station', on: 'station_id, created_at DESC, id DESC' }] },
);
export type FieldNoteRow = RowOf<typeof fieldNotesTable.columns>;
