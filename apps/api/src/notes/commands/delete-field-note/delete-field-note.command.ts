import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, DeleteFieldNote } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class DeleteFieldNoteCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: DeleteFieldNote['data'],
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
