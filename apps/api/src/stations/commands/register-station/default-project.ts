import { Injectable } from '@nestjs/common';
import type { CommandMetadata } from '@groundtruth/domain';
import { CommandGateway } from '../../../common/cqrs/command-gateway.js';
import { AddProjectStationCommand } from '../../../projects/commands/add-station/add-station.command.js';
import { CreateProjectCommand } from '../../../projects/commands/create-project/create-project.command.js';
import { ReadModels } from '../../../read-models/read-models.js';

/**
 * Spec §7: a user's first station gets a project of its own. When the owner has no other station
 * and belongs to no project, a private project is made for them (neutral words only: project
 * events carry no personal data) and the station is added to it.
 */
@Injectable()
export class DefaultProject {
  constructor(
    private readonly gateway: CommandGateway,
    private readonly readModels: ReadModels,
  ) {}

  async placeFirstStation(stationId: number, meta: CommandMetadata & { readonly userId: number }): Promise<void> {
    if (!(await this.needsOne(stationId, meta.userId))) return;
    const time = meta.now.replace(/\D/g, '').slice(0, 14);
    const { projectId } = await this.gateway.execute(
      new CreateProjectCommand(
        {
          name: 'My stations',
          description: 'Stations registered from this account',
          goal: 'Collect data from my stations',
          location: 'Not set',
          privacy: 0,
          slug: `my-stations-${time}`,
        },
        meta,
      ),
    );
    await this.gateway.execute(new AddProjectStationCommand({ projectId, stationId }, meta));
  }

  private async needsOne(stationId: number, userId: number): Promise<boolean> {
    const em = await this.readModels.em();
    const [row] = await em.execute<{ needed: boolean }[]>(
      `SELECT NOT EXISTS (SELECT 1 FROM stations WHERE owner_id = ? AND id <> ?)
          AND NOT EXISTS (SELECT 1 FROM project_members WHERE user_id = ?) AS needed`,
      [userId, stationId, userId],
    );
    return row?.needed === true;
  }
}
