import { Injectable } from '@nestjs/common';
import type { LorawanFieldMapping } from '@groundtruth/domain';
import { ReadModels } from '../../read-models/read-models.js';

/** A row of the `lorawan_webhooks` read model (apps/projector lorawan-webhooks projection). */
export type LorawanWebhookRow = {
  readonly projectId: number;
  readonly mapping: readonly LorawanFieldMapping[];
  readonly timePath: string | null;
  readonly ownerId: number;
  readonly tokenHash: string | null;
  readonly tokenIssuedAt: string | null;
  readonly configuredAt: string;
};

type SqlRow = {
  project_id: string;
  mapping: LorawanFieldMapping[];
  time_path: string | null;
  owner_id: string;
  token_hash: string | null;
  token_issued_at: Date | null;
  configured_at: Date;
};

/** Projects' LoRaWAN webhooks as configured (none for a deleted project). */
@Injectable()
export class LorawanWebhooksQueries {
  constructor(private readonly readModels: ReadModels) {}

  async of(projectId: number): Promise<LorawanWebhookRow | null> {
    const row = await this.readModels.row<SqlRow>(
      `SELECT w.* FROM lorawan_webhooks w JOIN projects p ON p.id = w.project_id WHERE w.project_id = $1`,
      [projectId],
    );
    if (!row) return null;
    return {
      projectId: Number(row.project_id),
      mapping: row.mapping,
      timePath: row.time_path,
      ownerId: Number(row.owner_id),
      tokenHash: row.token_hash,
      tokenIssuedAt: row.token_issued_at?.toISOString() ?? null,
      configuredAt: row.configured_at.toISOString(),
    };
  }
}
