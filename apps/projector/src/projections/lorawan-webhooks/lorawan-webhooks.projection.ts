import { lorawanWebhookEventTypes, type LorawanWebhookEvent } from '@groundtruth/domain';
import { type Projection, type RecordedEvent, lorawanWebhooksTable } from '@groundtruth/platform';

/**
 * Projects' LoRaWAN webhooks (stream `lorawan-webhook-{projectId}`), one row each while configured:
 * the field mapping, the owner of stations made for new devices, and the hash of the current token
 * (the webhook endpoint compares against it). Removing the webhook removes the row.
 */
export const lorawanWebhooksProjection: Projection = {
  name: 'lorawan_webhooks',
  handles: lorawanWebhookEventTypes,
  tables: [lorawanWebhooksTable],
  async apply(events: readonly RecordedEvent[], { client, table }) {
    const t = table(lorawanWebhooksTable.name);
    for (const event of events as readonly (RecordedEvent & LorawanWebhookEvent)[]) {
      switch (event.type) {
        case 'LorawanWebhookConfigured': {
          const d = event.data;
          await client.query(
            `INSERT INTO ${t} (project_id, mapping, time_path, owner_id, configured_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (project_id) DO UPDATE SET mapping = EXCLUDED.mapping, time_path = EXCLUDED.time_path,
               owner_id = EXCLUDED.owner_id, configured_at = EXCLUDED.configured_at`,
            [d.projectId, JSON.stringify(d.mapping), d.timePath, d.ownerId, d.configuredAt],
          );
          break;
        }
        case 'LorawanWebhookTokenIssued':
          await client.query(`UPDATE ${t} SET token_hash = $2, token_issued_at = $3 WHERE project_id = $1`, [
            event.data.projectId,
            event.data.tokenHash,
            event.data.issuedAt,
          ]);
          break;
        case 'LorawanWebhookRemoved':
          await client.query(`DELETE FROM ${t} WHERE project_id = $1`, [event.data.projectId]);
          break;
        default:
          break;
      }
    }
  },
};
