import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, ReceiveIngestion } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class ReceiveIngestionCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: ReceiveIngestion['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
