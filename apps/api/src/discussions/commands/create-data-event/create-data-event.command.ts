import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, CreateDataEvent } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class CreateDataEventCommand extends Command<CommandOutcome & { eventId: number }> {
  constructor(
    readonly input: Omit<CreateDataEvent['data'], 'eventId'>,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
