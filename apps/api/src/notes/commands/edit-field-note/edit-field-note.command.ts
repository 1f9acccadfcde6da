import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, EditFieldNote } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export class EditFieldNoteCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: EditFieldNote['data'],
    /** The note's version the author read. */
    readonly version: number,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
