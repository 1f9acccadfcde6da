import { Command } from '@nestjs/cqrs';
import type { CommandMetadata, NewStationNote, SaveStationNotes } from '@groundtruth/domain';
import type { CommandOutcome } from '../../../common/cqrs/aggregate-streams.js';

export type SaveStationNotesInput = Omit<SaveStationNotes['data'], 'creating'> & {
  readonly creating: readonly Omit<NewStationNote, 'noteId'>[];
};

export class SaveStationNotesCommand extends Command<CommandOutcome> {
  constructor(
    readonly input: SaveStationNotesInput,
    readonly meta: CommandMetadata,
  ) {
    super();
  }
}
