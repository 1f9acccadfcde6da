import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, UnlinkStation } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class UnlinkStationCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: UnlinkStation['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
