import type { DomainEvent } from '../kernel/messages.js';

/** A field note written on a station (rich text as JSON text). */
export type FieldNoteAdded = DomainEvent<
  'FieldNoteAdded',
  {
    readonly fieldNoteId: number;
    readonly stationId: number;
    readonly authorId: number;
    readonly body: string;
    readonly addedAt: string;
  }
>;

export type FieldNoteEdited = DomainEvent<
  'FieldNoteEdited',
  { readonly fieldNoteId: number; readonly stationId: number; readonly body: string; readonly editedAt: string }
>;

export type FieldNoteDeleted = DomainEvent<
  'FieldNoteDeleted',
  { readonly fieldNoteId: number; readonly stationId: number; readonly deletedBy: number | null; readonly deletedAt: string }
>;

export type FieldNoteEvent = FieldNoteAdded | FieldNoteEdited | FieldNoteDeleted;

export const fieldNoteEventTypes = [
  'FieldNoteAdded',
  'FieldNoteEdited',
  'FieldNoteDeleted',
] as const satisfies readonly FieldNoteEvent['type'][];

export const fieldNoteStream = (fieldNoteId: number): string => `field-note-${fieldNoteId}`;
