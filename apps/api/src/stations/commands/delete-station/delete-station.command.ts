import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, DeleteStation } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

/** A site admin deletes a station (spec §2 Admin stations: delete). */
export class DeleteStationCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: DeleteStation['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
