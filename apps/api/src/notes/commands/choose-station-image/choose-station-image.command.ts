import { Command } from '@nestjs/cqrs';
import type { ChooseStationImage, CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class ChooseStationImageCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: ChooseStationImage['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
