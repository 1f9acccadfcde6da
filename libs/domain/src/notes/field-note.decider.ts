import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { FieldNoteCommand } from './field-note.commands.js';
import type { FieldNoteEvent } from './field-note.events.js';
import { assertFieldNoteBody, fieldNoteMessages } from './field-note.rules.js';

export type FieldNoteState =
  | { readonly status: 'absent' }
  | { readonly status: 'written'; readonly stationId: number; readonly authorId: number; readonly body: string }
  | { readonly status: 'deleted'; readonly stationId: number; readonly authorId: number };

const notFound = () => new DomainError('not_found', 'FIELD_NOTE.NOT_FOUND', fieldNoteMessages.notFound);

/** The written note on the station the request names; anything else is not found. */
const writtenOn = (state: FieldNoteState, stationId: number) => {
  if (state.status !== 'written' || state.stationId !== stationId) throw notFound();
  return state;
};

/** One field note: written once by its author, edited by them, deleted by them or a site admin. */
export const fieldNoteDecider: Decider<FieldNoteState, FieldNoteCommand, FieldNoteEvent> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    switch (event.type) {
      case 'FieldNoteAdded':
        return { status: 'written', stationId: event.data.stationId, authorId: event.data.authorId, body: event.data.body };
      case 'FieldNoteEdited':
        return state.status === 'written' ? { ...state, body: event.data.body } : state;
      case 'FieldNoteDeleted':
        return state.status === 'written' ? { status: 'deleted', stationId: state.stationId, authorId: state.authorId } : state;
      default:
        return state;
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'AddFieldNote': {
        if (state.status !== 'absent')
          throw new DomainError('conflict', 'FIELD_NOTE.ALREADY_EXISTS', 'This field note already exists.');
        const { fieldNoteId, stationId, authorId, body } = command.data;
        assertFieldNoteBody(body);
        return [{ type: 'FieldNoteAdded', data: { fieldNoteId, stationId, authorId, body, addedAt: meta.now } }];
      }
      case 'EditFieldNote': {
        const { fieldNoteId, stationId, body } = command.data;
        const note = writtenOn(state, stationId);
        assertFieldNoteBody(body);
        if (body === note.body) return [];
        return [{ type: 'FieldNoteEdited', data: { fieldNoteId, stationId, body, editedAt: meta.now } }];
      }
      case 'DeleteFieldNote': {
        const { fieldNoteId, stationId } = command.data;
        writtenOn(state, stationId);
        return [{ type: 'FieldNoteDeleted', data: { fieldNoteId, stationId, deletedBy: meta.userId, deletedAt: meta.now } }];
      }
    }
  },
};
