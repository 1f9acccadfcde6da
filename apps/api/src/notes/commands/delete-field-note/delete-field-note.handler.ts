import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fieldNoteDecider, fieldNoteStream } from '@groundtruth/domain';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { DeleteFieldNoteCommand } from './delete-field-note.command.js';

@CommandHandler(DeleteFieldNoteCommand)
export class DeleteFieldNoteHandler implements ICommandHandler<DeleteFieldNoteCommand> {
  constructor(private readonly streams: AggregateStreams) {}

  execute({ input, meta }: DeleteFieldNoteCommand) {
    return this.streams.decide(
      fieldNoteDecider,
      fieldNoteStream(input.fieldNoteId),
      { type: 'DeleteFieldNote', data: input },
      meta,
    );
  }
}
