import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, RemoveStationMedia } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class RemoveStationMediaCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: RemoveStationMedia['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
