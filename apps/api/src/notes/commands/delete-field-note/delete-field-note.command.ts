import {
  fieldNoteDecider,
  fieldNoteStream,
  type FieldNoteState,
  type FieldNoteCommand,
  type FieldNoteEvent,
  type CommandMetadata,
  type DeleteFieldNote,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Deletes a field note. */
export class DeleteFieldNoteCommand extends DeciderCommand<FieldNoteState, FieldNoteCommand, FieldNoteEvent> {
  constructor(input: DeleteFieldNote['data'], meta: CommandMetadata) {
    super(fieldNoteDecider, fieldNoteStream(input.fieldNoteId), { type: 'DeleteFieldNote', data: input }, meta);
  }
}
