import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, RecordIngestionProcessed } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class RecordProcessingCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: RecordIngestionProcessed['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
