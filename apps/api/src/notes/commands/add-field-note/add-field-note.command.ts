import { Command } from '@nestjs/cqrs';
import type { AddFieldNote, CommandMetadata } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class AddFieldNoteCommand extends Command<CommandOutcome & { fieldNoteId: number }> {
  constructor(
    readonly input: Omit<AddFieldNote['data'], 'fieldNoteId'>,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
