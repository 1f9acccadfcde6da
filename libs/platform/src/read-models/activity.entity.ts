import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's activity projection; `details` holds what the feed shows. */
export const activityTable = readModelTable(
  'activity',
  {
    id: col.text().primary(),
    kind: col.text<'StationDeployed' | 'ProjectUpdate' | 'StationIngestion'>(),
    project_id: col.bigint().nullable(),
    station_id: col.bigint().nullable(),
    author_id: col.bigint().nullable(),
    occurred_at: col.timestamptz(),
    details: col.jsonb<Record<string, unknown>>(),
  },
  {
    indexes: [
      { suffix: 'project', on: 'project_id, occurred_at DESC', where: 'project_id IS NOT NULL' },
      { suffix: 'station', on: 'station_id, occurred_at DESC', where: 'station_id IS NOT NULL' },
    ],
  },
);
export type ActivityRow = RowOf<typeof activityTable.columns>;
