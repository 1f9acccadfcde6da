import {
  fieldNoteDecider,
  fieldNoteStream,
  type FieldNoteState,
  type FieldNoteCommand,
  type FieldNoteEvent,
  type CommandMetadata,
  type EditFieldNote,
} from '@groundtruth/domain';
import { DeciderCommand } from '../../../common/cqrs/decider-command.js';

/** Edits a field note, made on the note's version the author read. */
export class EditFieldNoteCommand extends DeciderCommand<FieldNoteState, FieldNoteCommand, FieldNoteEvent> {
  constructor(input: EditFieldNote['data'], version: number, meta: CommandMetadata) {
    super(fieldNoteDecider, fieldNoteStream(input.fieldNoteId), { type: 'EditFieldNote', data: input }, meta, {
      expected: { version },
    });
  }
}
