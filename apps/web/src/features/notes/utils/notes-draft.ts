import type { SaveStationNotesBody, StationNotes } from '@groundtruth/contracts';
import { NOTE_KEYS, type NoteKey } from '@groundtruth/domain';
import { defaultTitleKey } from './note-title';

export type DraftNote = {
  readonly id: number | null;
  readonly title: string;
  readonly body: string;
  readonly mediaIds: readonly number[];
};
export type Draft = Readonly<Record<NoteKey, DraftNote>>;

/** The form's starting point: each key's stored note (or an empty one); the custom title empty when it is the default. */
export const draftOf = (notes: StationNotes): Draft =>
  Object.fromEntries(
    NOTE_KEYS.map((key) => {
      const note = notes.notes.find((n) => n.key === key);
      const title = note && key === 'customKey' && note.title !== defaultTitleKey(key) ? note.title : '';
      return [key, { id: note?.id ?? null, title, body: note?.body ?? '', mediaIds: note?.mediaIds ?? [] }];
    }),
  ) as unknown as Record<NoteKey, DraftNote>;

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * What to send (spec §5 Station notes): a new note only when its body has text or the custom note has
 * its own title (media alone do not make a note); an existing one only when it changed.
 */
export const notesToSave = (stored: Draft, draft: Draft, version: number): SaveStationNotesBody => {
  const body: { creating: SaveStationNotesBody['creating']; notes: SaveStationNotesBody['notes']; version: number } = {
    creating: [],
    notes: [],
    version,
  };
  for (const key of NOTE_KEYS) {
    const now = draft[key];
    const before = stored[key];
    const title = key === 'customKey' ? now.title.trim() || null : undefined;
    if (now.id === null) {
      if (now.body.trim() || (key === 'customKey' && now.title.trim())) {
        body.creating.push({ key, body: now.body, mediaIds: [...now.mediaIds], ...(title !== undefined ? { title } : {}) });
      }
    } else if (now.body !== before.body || now.title !== before.title || !sameIds(now.mediaIds, before.mediaIds)) {
      body.notes.push({
        id: now.id,
        key,
        body: now.body,
        mediaIds: [...now.mediaIds],
        ...(title !== undefined ? { title } : {}),
      });
    }
  }
  return body;
};
