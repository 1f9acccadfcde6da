import { z } from 'zod';
import {
  FIELD_NOTE_BODY_MAX,
  NOTE_BODY_MAX,
  NOTE_KEYS,
  NOTE_TITLE_MAX,
  fieldNoteMessages,
  noteMessages,
} from '@groundtruth/domain';
import { IdParam } from '../common/params.contract.js';
import { ExpectedVersion, Version } from '../common/version.contract.js';

export const StationMediaParams = z.object({ id: IdParam, mediaId: IdParam });
export const FieldNoteParams = z.object({ id: IdParam, noteId: IdParam });
export const StationFieldNoteParams = z.object({ stationId: IdParam, fieldNoteId: IdParam });

const NoteKey = z.enum(NOTE_KEYS, { error: noteMessages.unknownKey }).meta({ description: 'One of the five fixed note keys' });
const MediaIds = z
  .array(z.number({ error: 'Must be a media id.' }).int().positive(), { error: 'A list of media ids.' })
  .max(100)
  .meta({ description: "Ids of this station's photos and recordings" });
const Body = z.string({ error: 'Must be text.' }).max(NOTE_BODY_MAX, { error: noteMessages.bodyTooLong });
const Title = z
  .string({ error: 'Must be text.' })
  .max(NOTE_TITLE_MAX, { error: noteMessages.titleTooLong })
  .nullable()
  .meta({ description: "Only the custom note's title is kept; a blank title or the default means the default" });

export const NewStationNoteBody = z.object({
  key: NoteKey,
  body: Body.default(''),
  mediaIds: MediaIds.default([]),
  title: Title.optional(),
});

export const StationNoteChangeBody = z.object({
  id: z.number({ error: 'Must be a note id.' }).int().positive(),
  key: NoteKey.optional(),
  body: Body.optional(),
  mediaIds: MediaIds.optional(),
  title: Title.optional(),
});

export const SaveStationNotesBody = z
  .object({
    creating: z.array(NewStationNoteBody).max(NOTE_KEYS.length).default([]),
    notes: z.array(StationNoteChangeBody).max(NOTE_KEYS.length).default([]),
    version: ExpectedVersion,
  })
  .meta({ id: 'SaveStationNotes' });
export type SaveStationNotesBody = z.infer<typeof SaveStationNotesBody>;

export const StationNote = z
  .object({
    id: z.number().int(),
    key: z.enum(NOTE_KEYS),
    title: z.string().meta({ description: 'The custom title, or the default title (a translation key)' }),
    body: z.string(),
    mediaIds: z.array(z.number().int()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'StationNote' });
export type StationNote = z.infer<typeof StationNote>;

export const StationNoteMedia = z
  .object({
    id: z.number().int(),
    key: z.string().meta({ description: 'File name; audio when it ends in m4a or caf, else a photo' }),
    noteKey: z.enum(NOTE_KEYS).nullable().meta({ description: 'The note it was added for, or null (a station photo)' }),
    kind: z.enum(['photo', 'audio']),
    contentType: z.string(),
    url: z.string().meta({ description: 'Served by the API; photos take `?size=` (pixels wide)' }),
    stationImage: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'StationNoteMedia' });
export type StationNoteMedia = z.infer<typeof StationNoteMedia>;

export const StationNotes = z
  .object({
    stationId: z.number().int(),
    notes: z.array(StationNote),
    media: z.array(StationNoteMedia).meta({ description: 'Every photo and recording of the station, oldest first' }),
    completion: z.number().int().meta({ description: '(filled notes + 1 if any photo) / 6 × 100, rounded' }),
    stationImageId: z.number().int().nullable(),
    version: z.number().int().meta({ description: 'Send back with a save to refuse overwriting a newer one' }),
    readOnly: z.boolean().meta({ description: 'The asker may not write these notes' }),
    canManagePhotos: z
      .boolean()
      .meta({ description: 'The asker may add station photos, choose the station image, delete photos' }),
  })
  .meta({ id: 'StationNotes' });
export type StationNotes = z.infer<typeof StationNotes>;

export const UploadStationMediaQuery = z.object({
  key: z.string().max(200).optional().meta({
    description:
      'A note key to add it to that note (photo or m4a/caf recording); anything else or nothing: a station photo (jpeg or png)',
  }),
});

/** Rich text arrives as JSON text; a document sent as JSON is taken as its text. */
const RichText = z.preprocess(
  (v) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : v),
  z.string({ error: fieldNoteMessages.empty }).max(FIELD_NOTE_BODY_MAX, { error: fieldNoteMessages.tooLong }),
);

export const FieldNoteBody = z
  .object({
    body: RichText,
    userId: z.number().int().optional().meta({ description: 'Ignored: the author is always the caller' }),
  })
  .meta({ id: 'FieldNoteBody' });
export type FieldNoteBody = z.infer<typeof FieldNoteBody>;

export const EditFieldNoteBody = FieldNoteBody.extend({ version: ExpectedVersion }).meta({ id: 'EditFieldNoteBody' });
export type EditFieldNoteBody = z.infer<typeof EditFieldNoteBody>;

export const FieldNoteAuthor = z.object({
  id: z.number().int(),
  name: z.string(),
  photo: z.object({ url: z.string() }).nullable(),
});

export const FieldNote = z
  .object({
    id: z.number().int(),
    stationId: z.number().int(),
    userId: z.number().int(),
    body: z.string().meta({ description: 'Rich text (a tiptap document) as JSON text' }),
    author: FieldNoteAuthor,
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
    canEdit: z.boolean(),
    canDelete: z.boolean(),
  })
  .meta({ id: 'FieldNote' });
export type FieldNote = z.infer<typeof FieldNote>;

export const FieldNoteList = z
  .object({ notes: z.array(FieldNote).meta({ description: 'Newest first' }) })
  .meta({ id: 'FieldNoteList' });
export type FieldNoteList = z.infer<typeof FieldNoteList>;
