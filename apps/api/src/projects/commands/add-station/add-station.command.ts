import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/**
 * Puts a station in a project. Permission checks are the caller's (the API checks that the asker
 * administers the project and may edit the station; the stations feature sends it for a user's
 * default project). Adding a station the project already holds changes nothing.
 */
export class AddProjectStationCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: { readonly projectId: number; readonly stationId: number },
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
