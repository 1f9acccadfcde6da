import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's sessions projection. No token hashes here. */
export const sessionsTable = readModelTable(
  'sessions',
  {
    id: col.text().primary(),
    revision: col.bigint(),
    user_id: col.bigint(),
    method: col.text(),
    spoofed_by: col.bigint().nullable(),
    ended_reason: col.text().nullable(),
    expires_at: col.timestamptz(),
    started_at: col.timestamptz(),
    updated_at: col.timestamptz(),
  },
  { indexes: [{ suffix: 'open_by_user', on: 'user_id', where: 'ended_reason IS NULL' }] },
);
export type SessionRow = RowOf<typeof sessionsTable.columns>;
