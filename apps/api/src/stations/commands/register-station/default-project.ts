import { Inject, Injectable } from '@nestjs/common';
import type { CommandMetadata } from '@groundtruth/domain';
import { inTransaction, PG_POOL, type PgPool } from '@groundtruth/platform';
import { CommandGateway } from '../../../common/cqrs/command-gateway.js';
import { AddProjectStationCommand } from '../../../projects/index.js';
import { CreateProjectCommand } from '../../../projects/index.js';
import { ReadModels } from '../../../read-models/read-models.js';

const SLUG_PREFIX = 'my-stations-';

/**
 * Spec §7: a user's first station gets a project of its own. When the owner has no station yet and
 * belongs to no project, a private project is made for them (neutral words only: project events
 * carry no personal data) and the station is added to it.
 *
 * Whether a registration is a first one is read before it registers anything (`isFirst`). Several
 * first registrations at once (a phone adding its stations together) then meet one at a time under
 * a per-user lock: the first makes the project, the others join the project it made. Checking and
 * creating without the lock made one project per racing registration.
 */
@Injectable()
export class DefaultProject {
  constructor(
    @Inject(PG_POOL) private readonly pool: PgPool,
    private readonly gateway: CommandGateway,
    private readonly readModels: ReadModels,
  ) {}

  /** True while the user has no station and belongs to no project. */
  async isFirst(userId: number): Promise<boolean> {
    const [row] = await this.readModels.rows<{ first: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM stations WHERE owner_id = $1)
          AND NOT EXISTS (SELECT 1 FROM project_members WHERE user_id = $2) AS first`,
      [userId, userId],
    );
    return row?.first === true;
  }

  /** Puts the station of a first registration into the user's default project, made if need be. */
  async placeFirstStation(stationId: number, meta: CommandMetadata & { readonly userId: number }): Promise<void> {
    // A transaction-scoped lock goes away with the transaction, even when the connection drops.
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`gt_default_project:${meta.userId}`]);
      const projectId = (await this.madeFor(meta.userId)) ?? (await this.makeOne(meta));
      if (projectId === null) return;
      await this.gateway.execute(new AddProjectStationCommand({ projectId, stationId }, meta));
    });
  }

  /** The default project a racing first registration made for this user already. */
  private async madeFor(userId: number): Promise<number | null> {
    const [row] = await this.readModels.rows<{ id: string }>(
      `SELECT p.id FROM projects p JOIN project_members pm ON pm.project_id = p.id AND pm.user_id = $1
       WHERE p.created_by = $2 AND p.slug LIKE $3 ORDER BY p.id LIMIT 1`,
      [userId, userId, `${SLUG_PREFIX}%`],
    );
    return row ? Number(row.id) : null;
  }

  /** A new default project, unless the user joined or made another project meanwhile. */
  private async makeOne(meta: CommandMetadata & { readonly userId: number }): Promise<number | null> {
    const [member] = await this.readModels.rows<{ found: number }>(
      'SELECT 1 AS found FROM project_members WHERE user_id = $1 LIMIT 1',
      [meta.userId],
    );
    if (member) return null;
    const time = meta.now.replace(/\D/g, '').slice(0, 14);
    const { projectId } = await this.gateway.execute(
      new CreateProjectCommand(
        {
          name: 'My stations',
          description: 'Stations registered from this account',
          goal: 'Collect data from my stations',
          location: 'Not set',
          privacy: 0,
          slug: `${SLUG_PREFIX}${time}`,
        },
        meta,
      ),
    );
    return projectId;
  }
}
