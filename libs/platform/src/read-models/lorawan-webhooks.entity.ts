import type { LorawanFieldMapping } from '@groundtruth/domain';
import { col, readModelTable, type RowOf } from './read-model-table.js';

/** Written by the projector's LoRaWAN webhooks projection. */
export const lorawanWebhooksTable = readModelTable('lorawan_webhooks', {
  project_id: col.bigint().primary(),
  mapping: col.jsonb<LorawanFieldMapping[]>(),
  time_path: col.text().nullable(),
  owner_id: col.bigint(),
  token_hash: col.text().nullable(),
  token_issued_at: col.timestamptz().nullable(),
  configured_at: col.timestamptz(),
});
export type LorawanWebhooksRow = RowOf<typeof lorawanWebhooksTable.columns>;
