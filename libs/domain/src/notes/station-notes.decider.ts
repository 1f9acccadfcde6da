import { DomainError, StaleVersion } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { CommandMetadata } from '../kernel/messages.js';
import type {
  AddStationMedia,
  ChooseStationImage,
  RemoveStationMedia,
  SaveStationNotes,
  StationNotesCommand,
} from './station-notes.commands.js';
import type { MediaKind, StationNotesEvent } from './station-notes.events.js';
import {
  effectiveTitle,
  hasUnsavableText,
  isNoteKey,
  NOTE_BODY_MAX,
  NOTE_TITLE_MAX,
  noteMessages,
  throwIfErrors,
  type NoteKey,
} from './station-notes.rules.js';

export type StationNoteState = {
  readonly noteId: number;
  readonly key: NoteKey;
  readonly title: string | null;
  readonly body: string;
  readonly mediaIds: readonly number[];
};

export type StationMediaState = {
  readonly mediaId: number;
  readonly kind: MediaKind;
  readonly mediaKey: string;
  readonly noteKey: NoteKey | null;
};

export type StationNotesState = {
  readonly notes: ReadonlyMap<number, StationNoteState>;
  readonly media: ReadonlyMap<number, StationMediaState>;
  readonly stationImage: number | null;
  /** How many times notes were written (created or updated): the version a writer saw. */
  readonly version: number;
};

const initialState: StationNotesState = { notes: new Map(), media: new Map(), stationImage: null, version: 0 };

const withNote = (state: StationNotesState, note: StationNoteState): StationNotesState => ({
  ...state,
  notes: new Map(state.notes).set(note.noteId, note),
  version: state.version + 1,
});

const distinct = (ids: readonly number[]): number[] => [...new Set(ids)];
const sameIds = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((id, i) => id === b[i]);

/** Field errors for one note's text and media (`at` is its place in the request, e.g. `creating.0`). */
const checkContent = (
  state: StationNotesState,
  at: string,
  input: { readonly body?: string; readonly title?: string | null; readonly mediaIds?: readonly number[] },
  errors: Record<string, string>,
): void => {
  if (input.body !== undefined && input.body.trim().length > NOTE_BODY_MAX) errors[`${at}.body`] = noteMessages.bodyTooLong;
  else if (hasUnsavableText(input.body)) errors[`${at}.body`] = noteMessages.unsavable;
  if (typeof input.title === 'string' && input.title.trim().length > NOTE_TITLE_MAX) {
    errors[`${at}.title`] = noteMessages.titleTooLong;
  } else if (hasUnsavableText(input.title)) errors[`${at}.title`] = noteMessages.unsavable;
  if (input.mediaIds?.some((id) => !state.media.has(id))) errors[`${at}.mediaIds`] = noteMessages.noSuchMedia;
};

/**
 * Spec §5: a new note is created only when its body has text or its title differs from the
 * default; an existing note takes a new title only when the title given is not the default (a form
 * sending the default back never wipes a custom title), while its body and media are saved as given.
 */
const save = (command: SaveStationNotes, state: StationNotesState, meta: CommandMetadata): StationNotesEvent[] => {
  const { stationId, creating, notes, version } = command.data;
  const errors: Record<string, string> = {};

  const keys = new Set<string>();
  creating.forEach((c, i) => {
    if (!isNoteKey(c.key)) errors[`creating.${i}.key`] = noteMessages.unknownKey;
    else if (keys.has(c.key)) errors[`creating.${i}.key`] = noteMessages.duplicateKey;
    keys.add(c.key);
    checkContent(state, `creating.${i}`, c, errors);
  });
  const ids = new Set<number>();
  notes.forEach((n, i) => {
    const note = state.notes.get(n.id);
    if (!note) errors[`notes.${i}.id`] = noteMessages.noSuchNote;
    else if (ids.has(n.id)) errors[`notes.${i}.id`] = noteMessages.duplicateId;
    else if (n.key !== undefined && n.key !== note.key) {
      errors[`notes.${i}.key`] = isNoteKey(n.key) ? noteMessages.keyMismatch : noteMessages.unknownKey;
    }
    ids.add(n.id);
    checkContent(state, `notes.${i}`, n, errors);
  });
  throwIfErrors('NOTES.INVALID', errors);

  if (version !== undefined && version !== state.version) {
    throw new StaleVersion('NOTES.CHANGED', noteMessages.changedMeanwhile);
  }
  const existingKeys = new Set([...state.notes.values()].map((n) => n.key));
  if (creating.some((c) => existingKeys.has(c.key as NoteKey))) {
    throw new DomainError('conflict', 'NOTES.ALREADY_CREATED', noteMessages.alreadyCreated);
  }

  const events: StationNotesEvent[] = [];
  for (const c of creating) {
    const key = c.key as NoteKey;
    const body = (c.body ?? '').trim();
    const title = effectiveTitle(key, c.title);
    if (body.length === 0 && title === null) continue;
    events.push({
      type: 'StationNoteCreated',
      data: {
        stationId,
        noteId: c.noteId,
        key,
        title,
        body,
        mediaIds: distinct(c.mediaIds ?? []),
        createdBy: meta.userId,
        createdAt: meta.now,
      },
    });
  }
  for (const n of notes) {
    const note = state.notes.get(n.id)!;
    const title = effectiveTitle(note.key, n.title) ?? note.title;
    const body = n.body === undefined ? note.body : n.body.trim();
    const mediaIds = n.mediaIds === undefined ? note.mediaIds : distinct(n.mediaIds);
    if (title === note.title && body === note.body && sameIds(mediaIds, note.mediaIds)) continue;
    events.push({
      type: 'StationNoteUpdated',
      data: { stationId, noteId: n.id, title, body, mediaIds, updatedBy: meta.userId, updatedAt: meta.now },
    });
  }
  return events;
};

const addMedia = (command: AddStationMedia, state: StationNotesState, meta: CommandMetadata): StationNotesEvent[] => {
  const d = command.data;
  if (state.media.has(d.mediaId)) throw new DomainError('conflict', 'MEDIA.ALREADY_ADDED', 'This media was already added.');
  return [
    {
      type: 'StationMediaAdded',
      data: {
        stationId: d.stationId,
        mediaId: d.mediaId,
        noteKey: d.noteKey,
        mediaKey: d.mediaKey,
        kind: d.kind,
        contentType: d.contentType,
        uploadedBy: meta.userId,
        addedAt: meta.now,
      },
    },
  ];
};

const mediaOf = (state: StationNotesState, mediaId: number): StationMediaState => {
  const media = state.media.get(mediaId);
  if (!media) throw new DomainError('not_found', 'MEDIA.NOT_FOUND', noteMessages.mediaNotFound);
  return media;
};

const removeMedia = (command: RemoveStationMedia, state: StationNotesState, meta: CommandMetadata): StationNotesEvent[] => {
  const { stationId, mediaId } = command.data;
  const media = mediaOf(state, mediaId);
  return [
    {
      type: 'StationMediaRemoved',
      data: { stationId, mediaId, mediaKey: media.mediaKey, removedBy: meta.userId, removedAt: meta.now },
    },
  ];
};

const chooseImage = (command: ChooseStationImage, state: StationNotesState, meta: CommandMetadata): StationNotesEvent[] => {
  const { stationId, mediaId } = command.data;
  const media = mediaOf(state, mediaId);
  if (media.kind !== 'photo') {
    throw DomainError.validation('MEDIA.NOT_A_PHOTO', { mediaId: noteMessages.imageMustBePhoto }, noteMessages.imageMustBePhoto);
  }
  if (state.stationImage === mediaId) return [];
  return [{ type: 'StationImageChosen', data: { stationId, mediaId, chosenBy: meta.userId, chosenAt: meta.now } }];
};

/** A station's five notes, the photos and recordings they use, and which photo is the station image. */
export const stationNotesDecider: Decider<StationNotesState, StationNotesCommand, StationNotesEvent> = {
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'StationNoteCreated': {
        const { noteId, key, title, body, mediaIds } = event.data;
        return withNote(state, { noteId, key, title, body, mediaIds });
      }
      case 'StationNoteUpdated': {
        const note = state.notes.get(event.data.noteId);
        if (!note) return state;
        const { title, body, mediaIds } = event.data;
        return withNote(state, { ...note, title, body, mediaIds });
      }
      case 'StationMediaAdded': {
        const { mediaId, kind, mediaKey, noteKey } = event.data;
        return { ...state, media: new Map(state.media).set(mediaId, { mediaId, kind, mediaKey, noteKey }) };
      }
      case 'StationMediaRemoved': {
        const { mediaId } = event.data;
        const media = new Map(state.media);
        media.delete(mediaId);
        const notes = new Map(
          [...state.notes].map(([id, n]) => [
            id,
            n.mediaIds.includes(mediaId) ? { ...n, mediaIds: n.mediaIds.filter((m) => m !== mediaId) } : n,
          ]),
        );
        return { ...state, media, notes, stationImage: state.stationImage === mediaId ? null : state.stationImage };
      }
      case 'StationImageChosen':
        return { ...state, stationImage: event.data.mediaId };
      default:
        return state;
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'SaveStationNotes':
        return save(command, state, meta);
      case 'AddStationMedia':
        return addMedia(command, state, meta);
      case 'RemoveStationMedia':
        return removeMedia(command, state, meta);
      case 'ChooseStationImage':
        return chooseImage(command, state, meta);
    }
  },
};
