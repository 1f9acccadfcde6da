import type { DomainEvent } from '../kernel/messages.js';
import type { NoteKey } from './station-notes.rules.js';

export type MediaKind = 'photo' | 'audio';

/** One of the five notes of a station was written for the first time. Title null: the default. */
export type StationNoteCreated = DomainEvent<
  'StationNoteCreated',
  {
    readonly stationId: number;
    readonly noteId: number;
    readonly key: NoteKey;
    readonly title: string | null;
    readonly body: string;
    readonly mediaIds: readonly number[];
    readonly createdBy: number | null;
    readonly createdAt: string;
  }
>;

/** A station note after a change: the whole note as it now stands. */
export type StationNoteUpdated = DomainEvent<
  'StationNoteUpdated',
  {
    readonly stationId: number;
    readonly noteId: number;
    readonly title: string | null;
    readonly body: string;
    readonly mediaIds: readonly number[];
    readonly updatedBy: number | null;
    readonly updatedAt: string;
  }
>;

/**
 * A photo or recording was uploaded for a station: for one of its notes (`noteKey`) or for the
 * station's photos page (null). `mediaKey` addresses the bytes in the media store.
 */
export type StationMediaAdded = DomainEvent<
  'StationMediaAdded',
  {
    readonly stationId: number;
    readonly mediaId: number;
    readonly noteKey: NoteKey | null;
    readonly mediaKey: string;
    readonly kind: MediaKind;
    readonly contentType: string;
    readonly uploadedBy: number | null;
    readonly addedAt: string;
  }
>;

/** A photo or recording was deleted; notes referring to it drop it, and it stops being the station image. */
export type StationMediaRemoved = DomainEvent<
  'StationMediaRemoved',
  {
    readonly stationId: number;
    readonly mediaId: number;
    readonly mediaKey: string;
    readonly removedBy: number | null;
    readonly removedAt: string;
  }
>;

/** A photo became the station's image (shown on summaries and the station page). */
export type StationImageChosen = DomainEvent<
  'StationImageChosen',
  { readonly stationId: number; readonly mediaId: number; readonly chosenBy: number | null; readonly chosenAt: string }
>;

export type StationNotesEvent =
  StationNoteCreated | StationNoteUpdated | StationMediaAdded | StationMediaRemoved | StationImageChosen;

export const stationNotesEventTypes = [
  'StationNoteCreated',
  'StationNoteUpdated',
  'StationMediaAdded',
  'StationMediaRemoved',
  'StationImageChosen',
] as const satisfies readonly StationNotesEvent['type'][];

/** A station's notes, their media and its photos share one stream: notes refer to media by id. */
export const stationNotesStream = (stationId: number): string => `station-notes-${stationId}`;
