import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fieldNoteDecider, fieldNoteStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { EditFieldNoteCommand } from './edit-field-note.command.js';

@CommandHandler(EditFieldNoteCommand)
export class EditFieldNoteHandler implements ICommandHandler<EditFieldNoteCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, version, meta }: EditFieldNoteCommand) {
    return this.streams.decide(
      fieldNoteDecider,
      fieldNoteStream(input.fieldNoteId),
      { type: 'EditFieldNote', data: input },
      meta,
      { expected: { version } },
    );
  }
}
