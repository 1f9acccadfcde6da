import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, UpdateStation } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class UpdateStationCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: UpdateStation['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
