import { Injectable } from '@nestjs/common';
import { can, DomainError, type Actor } from '@groundtruth/domain';
import { ProjectsQueries } from '../../projects/index.js';
import type { LorawanWebhookRow } from './lorawan-webhooks.queries.js';
import { ReadModels } from '../../read-models/read-models.js';

export const webhookOwnerMessages = {
  orphaned:
    'The person who configured this webhook is no longer an administrator of the project: a project administrator must configure it again.',
} as const;

/**
 * Whether the person who configured a project's webhook (and owns the stations it makes) may
 * still configure it, by the one policy (`project.configureWebhooks`): checked at every uplink,
 * so a webhook outlives no one's rights. A webhook whose owner lost them is orphaned.
 */
@Injectable()
export class WebhookOwners {
  constructor(
    private readonly readModels: ReadModels,
    private readonly projects: ProjectsQueries,
  ) {}

  async administers(webhook: Pick<LorawanWebhookRow, 'projectId' | 'ownerId'>): Promise<boolean> {
    const actor = await this.actorOf(webhook.ownerId);
    if (actor === null) return false;
    const { access } = await this.projects.getWithAccess(webhook.projectId, actor);
    return can(actor, 'project.configureWebhooks', access);
  }

  /** 403 LORAWAN.ORPHANED unless the owner still administers the project. */
  async check(webhook: Pick<LorawanWebhookRow, 'projectId' | 'ownerId'>): Promise<void> {
    if (!(await this.administers(webhook))) {
      throw new DomainError('forbidden', 'LORAWAN.ORPHANED', webhookOwnerMessages.orphaned);
    }
  }

  /** The owner as the policy sees them; null for a deleted (or unknown) account. */
  private async actorOf(userId: number): Promise<Actor | null> {
    const r = await this.readModels.rows<{ admin: boolean; moderator: boolean; deleted: boolean }>(
      'SELECT admin, moderator, deleted FROM users WHERE id = $1',
      [userId],
    );
    const row = r[0];
    return row && !row.deleted ? { kind: 'user', userId, admin: row.admin, moderator: row.moderator } : null;
  }
}
