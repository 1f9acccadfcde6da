import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, RequestReprocessing } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class RequestReprocessingCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: RequestReprocessing['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
