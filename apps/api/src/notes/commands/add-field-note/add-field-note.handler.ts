import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fieldNoteDecider, fieldNoteStream } from '@groundtruth/domain';
import { ID_ALLOCATOR, type IdAllocator } from '@groundtruth/platform';
import { AggregateStreams } from '../../../common/cqrs/aggregate-streams.js';
import { AddFieldNoteCommand } from './add-field-note.command.js';

@CommandHandler(AddFieldNoteCommand)
export class AddFieldNoteHandler implements ICommandHandler<AddFieldNoteCommand> {
  constructor(
    private readonly streams: AggregateStreams,
    @Inject(ID_ALLOCATOR) private readonly ids: IdAllocator,
  ) {}

  async execute({ input, meta }: AddFieldNoteCommand) {
    const fieldNoteId = await this.ids.next('field_note');
    const outcome = await this.streams.decide(
      fieldNoteDecider,
      fieldNoteStream(fieldNoteId),
      { type: 'AddFieldNote', data: { ...input, fieldNoteId } },
      meta,
    );
    return { ...outcome, fieldNoteId };
  }
}
