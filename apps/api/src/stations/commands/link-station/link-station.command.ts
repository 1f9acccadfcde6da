import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, LinkStation } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class LinkStationCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: LinkStation['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
