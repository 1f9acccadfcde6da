import type { Command } from '../kernel/messages.js';
import type { MediaKind } from './station-notes.events.js';
import type { NoteKey } from './station-notes.rules.js';

/** A note to write for the first time; `noteId` is allocated before deciding (it may go unused). */
export type NewStationNote = {
  readonly noteId: number;
  readonly key: string;
  readonly title?: string | null;
  readonly body?: string;
  readonly mediaIds?: readonly number[];
};

/** A change to an existing note; what is left out stays as it is. */
export type StationNoteChange = {
  readonly id: number;
  readonly key?: string;
  readonly title?: string | null;
  readonly body?: string;
  readonly mediaIds?: readonly number[];
};

/**
 * The notes form's save (spec §7 PATCH /stations/{id}/notes). `version`, when given, is the notes'
 * version the writer saw: a different one means someone else saved meanwhile (409).
 */
export type SaveStationNotes = Command<
  'SaveStationNotes',
  {
    readonly stationId: number;
    readonly creating: readonly NewStationNote[];
    readonly notes: readonly StationNoteChange[];
    readonly version?: number;
  }
>;

export type AddStationMedia = Command<
  'AddStationMedia',
  {
    readonly stationId: number;
    readonly mediaId: number;
    readonly noteKey: NoteKey | null;
    readonly mediaKey: string;
    readonly kind: MediaKind;
    readonly contentType: string;
  }
>;

export type RemoveStationMedia = Command<'RemoveStationMedia', { readonly stationId: number; readonly mediaId: number }>;

export type ChooseStationImage = Command<'ChooseStationImage', { readonly stationId: number; readonly mediaId: number }>;

export type StationNotesCommand = SaveStationNotes | AddStationMedia | RemoveStationMedia | ChooseStationImage;
