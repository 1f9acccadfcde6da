import { DomainError, type FieldErrors } from '../kernel/domain-error.js';

/** The five fixed station notes (spec §2 Station notes). */
export const NOTE_KEYS = ['studyObjective', 'sitePurpose', 'siteCriteria', 'siteDescription', 'customKey'] as const;
export type NoteKey = (typeof NOTE_KEYS)[number];
export const isNoteKey = (key: unknown): key is NoteKey =>
  typeof key === 'string' && (NOTE_KEYS as readonly string[]).includes(key);

/** Only the custom note's title is the writer's; the others keep their default title. */
export const TITLED_NOTE_KEY: NoteKey = 'customKey';

/** A note's default title is a translation key the web app turns into words. */
export const defaultNoteTitle = (key: NoteKey): string => `notes.${key}.title`;

export const NOTE_BODY_MAX = 10_000;
export const NOTE_TITLE_MAX = 100;

export const noteMessages = {
  unknownKey: `This is not a note key (one of ${NOTE_KEYS.join(', ')}).`,
  duplicateKey: 'This note key is given twice.',
  duplicateId: 'This note is given twice.',
  noSuchNote: 'This note does not exist on this station.',
  keyMismatch: 'This is not the key of this note.',
  bodyTooLong: `A note holds at most ${NOTE_BODY_MAX} characters.`,
  titleTooLong: `A title holds at most ${NOTE_TITLE_MAX} characters.`,
  noSuchMedia: "These are not all this station's photos or recordings.",
  alreadyCreated: 'Someone else wrote this note meanwhile. Reload and try again.',
  changedMeanwhile: 'Someone else changed these notes meanwhile. Reload and try again.',
  mediaNotFound: 'There is no such photo or recording on this station.',
  imageMustBePhoto: 'Only a photo can be the station image.',
  unsavable: 'This text holds characters that cannot be saved.',
} as const;

/** NUL cannot be stored (Postgres text and jsonb refuse it): such text is the client's mistake. */
export const hasUnsavableText = (text: string | null | undefined): boolean => typeof text === 'string' && text.includes('\u0000');

/**
 * The title to keep for a note, or null for "the default title" (spec §2: only the custom note's
 * title is editable; its default is a translation key). A missing or blank title, the default
 * translation key, or the bare note key all mean the default.
 */
export const effectiveTitle = (key: NoteKey, title: string | null | undefined): string | null => {
  if (key !== TITLED_NOTE_KEY || title === undefined || title === null) return null;
  const t = title.trim();
  if (t === '' || t === key || t === defaultNoteTitle(key)) return null;
  return t;
};

/**
 * Completion of a station's notes (spec §2): filled notes among the five, plus one when the
 * station has any photo, over six, as a rounded percentage. A note is filled when its body has text.
 */
export const notesCompletion = (filledNotes: number, hasPhoto: boolean): number =>
  Math.round(((Math.min(filledNotes, NOTE_KEYS.length) + (hasPhoto ? 1 : 0)) / (NOTE_KEYS.length + 1)) * 100);

export const isFilledNote = (body: string): boolean => body.trim().length > 0;

export const throwIfErrors = (code: string, errors: Record<string, string>): void => {
  if (Object.keys(errors).length > 0) throw DomainError.validation(code, errors as FieldErrors);
};
