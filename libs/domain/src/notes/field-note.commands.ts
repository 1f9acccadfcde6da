import type { Command } from '../kernel/messages.js';

export type AddFieldNote = Command<
  'AddFieldNote',
  { readonly fieldNoteId: number; readonly stationId: number; readonly authorId: number; readonly body: string }
>;

/** Only the author edits (the policy checks it); `stationId` is the station named in the request. */
export type EditFieldNote = Command<
  'EditFieldNote',
  { readonly fieldNoteId: number; readonly stationId: number; readonly body: string }
>;

export type DeleteFieldNote = Command<'DeleteFieldNote', { readonly fieldNoteId: number; readonly stationId: number }>;

export type FieldNoteCommand = AddFieldNote | EditFieldNote | DeleteFieldNote;
