import type { IngestionFirmware, IngestionType } from '@groundtruth/domain';
import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's ingestions projection, with `station_data`. */
export const ingestionsTable = readModelTable(
  'ingestions',
  {
    id: col.bigint().primary(),
    station_id: col.bigint(),
    device_id: col.text(),
    generation: col.text(),
    type: col.text<IngestionType>(),
    size: col.bigint(),
    first_block: col.bigint(),
    last_block: col.bigint(),
    content_type: col.text(),
    device_name: col.text().nullable(),
    blob_key: col.text(),
    uploaded_by: col.bigint().nullable(),
    received_at: col.timestamptz(),
    version: col.int().default('0'),
    records: col.int().nullable(),
    readings: col.int().nullable(),
    errors: col.int().nullable(),
    problems: col.jsonb<string[]>().nullable(),
    data_start: col.timestamptz().nullable(),
    data_end: col.timestamptz().nullable(),
    battery: col.double().nullable(),
    longitude: col.double().nullable(),
    latitude: col.double().nullable(),
    firmware: col.jsonb<IngestionFirmware>().nullable(),
    processed_at: col.timestamptz().nullable(),
    pending: col.boolean().default('true'),
  },
  {
    indexes: [
      { suffix: 'station', on: 'station_id, id' },
      { suffix: 'generation', on: 'station_id, generation, type' },
    ],
  },
);
export type IngestionRow = RowOf<typeof ingestionsTable.columns>;

export const stationDataTable = readModelTable('station_data', {
  station_id: col.bigint().primary(),
  uploads: col.int(),
  last_ingestion_at: col.timestamptz(),
  recording_started_at: col.timestamptz().nullable(),
  last_reading_at: col.timestamptz().nullable(),
  battery: col.double().nullable(),
  firmware: col.jsonb<IngestionFirmware>().nullable(),
});
export type StationDataRow = RowOf<typeof stationDataTable.columns>;
