import type { StationSensorConfig } from '@groundtruth/domain';
import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's stations projection, with the tables below. */
export const stationsTable = readModelTable(
  'stations',
  {
    id: col.bigint().primary(),
    revision: col.bigint(),
    owner_id: col.bigint(),
    device_id: col.text(),
    name: col.text(),
    description: col.text(),
    hidden: col.boolean(),
    deployed_at: col.timestamptz().nullable(),
    longitude: col.double().nullable(),
    latitude: col.double().nullable(),
    /** The general location (spec §2 project form): what everything answered to askers who may not see the exact one is computed from. */
    general_longitude: col.double().nullable(),
    general_latitude: col.double().nullable(),
    location_name: col.text().nullable(),
    model: col.text().nullable(),
    created_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  {
    indexes: [
      { suffix: 'owner', on: 'owner_id' },
      { suffix: 'device', on: 'device_id' },
      { suffix: 'general_latitude', on: 'general_latitude', where: 'general_latitude IS NOT NULL' },
      // The console's list sorted by name: its first page read from the index, not a sort of every station.
      { suffix: 'name', on: 'name' },
    ],
  },
);
export type StationRow = RowOf<typeof stationsTable.columns>;

export const stationModulesTable = readModelTable(
  'station_modules',
  {
    module_id: col.bigint().primary(),
    station_id: col.bigint(),
    hardware_id: col.text().nullable(),
    name: col.text(),
    label: col.text().nullable(),
    position: col.int(),
    internal: col.boolean(),
    sensors: col.jsonb<StationSensorConfig[]>(),
  },
  { indexes: [{ suffix: 'station', on: 'station_id, position' }] },
);
export type StationModuleRow = RowOf<typeof stationModulesTable.columns>;

export const stationAttributesTable = readModelTable('station_attributes', {
  station_id: col.bigint().primary(),
  attribute_id: col.int().primary(),
  name: col.text(),
  string_value: col.text(),
});
export type StationAttributeRow = RowOf<typeof stationAttributesTable.columns>;

export const stationLinksTable = readModelTable(
  'station_links',
  {
    station_id: col.bigint().primary(),
    other_station_id: col.bigint().primary(),
    linked_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'other', on: 'other_station_id' }] },
);
export type StationLinkRow = RowOf<typeof stationLinksTable.columns>;
