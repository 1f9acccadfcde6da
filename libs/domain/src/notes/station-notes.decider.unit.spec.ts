import { specFor, testMetadata } from '../testing/index.js';
import type { SaveStationNotes } from './station-notes.commands.js';
import { stationNotesDecider } from './station-notes.decider.js';
import type { StationMediaAdded, StationNoteCreated, StationNotesEvent } from './station-notes.events.js';

const sut = specFor(stationNotesDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });

const photo: StationMediaAdded = {
  type: 'StationMediaAdded',
  data: {
    stationId: 3,
    mediaId: 40,
    noteKey: null,
    mediaKey: 'stations/3/00000000-0000-0000-0000-000000000040.jpg',
    kind: 'photo',
    contentType: 'image/jpeg',
    uploadedBy: 7,
    addedAt: '2026-04-01T00:00:00.000Z',
  },
};
const audio: StationMediaAdded = {
  type: 'StationMediaAdded',
  data: {
    ...photo.data,
    mediaId: 41,
    noteKey: 'sitePurpose',
    mediaKey: 'stations/3/x.m4a',
    kind: 'audio',
    contentType: 'audio/mp4',
  },
};
const objective: StationNoteCreated = {
  type: 'StationNoteCreated',
  data: {
    stationId: 3,
    noteId: 10,
    key: 'studyObjective',
    title: null,
    body: 'Track salinity',
    mediaIds: [40],
    createdBy: 7,
    createdAt: '2026-04-02T00:00:00.000Z',
  },
};
const custom: StationNoteCreated = {
  type: 'StationNoteCreated',
  data: { ...objective.data, noteId: 11, key: 'customKey', title: 'Access', body: 'Gate code at the office', mediaIds: [] },
};

const save = (data: Partial<SaveStationNotes['data']>): SaveStationNotes => ({
  type: 'SaveStationNotes',
  data: { stationId: 3, creating: [], notes: [], ...data },
});

describe('station notes decider', () => {
  it('creates a note that has a body, trimmed, with its media', () => {
    sut
      .given([photo])
      .when(save({ creating: [{ noteId: 10, key: 'studyObjective', body: '  Track salinity ', mediaIds: [40, 40] }] }), meta)
      .then([{ ...objective, data: { ...objective.data, createdAt: meta.now } }]);
  });

  it('creates a custom note with only a title, and skips notes with neither body nor own title', () => {
    sut
      .given([])
      .when(
        save({
          creating: [
            { noteId: 11, key: 'customKey', title: ' Access ', body: '' },
            { noteId: 12, key: 'sitePurpose', body: '   ', title: 'Ignored: only the custom note has a title' },
            { noteId: 13, key: 'siteCriteria', body: '' },
          ],
        }),
        meta,
      )
      .then([
        {
          type: 'StationNoteCreated',
          data: { ...custom.data, title: 'Access', body: '', createdAt: meta.now },
        },
      ]);
  });

  it.each([undefined, '', '  ', 'customKey', 'notes.customKey.title'])('counts the custom title %p as the default', (title) => {
    sut
      .given([])
      .when(save({ creating: [{ noteId: 11, key: 'customKey', title, body: '' }] }), meta)
      .then([]);
  });

  it('updates body and media of an existing note and keeps its custom title when the default is sent', () => {
    sut
      .given([photo, custom])
      .when(
        save({ notes: [{ id: 11, key: 'customKey', title: 'notes.customKey.title', body: 'New code', mediaIds: [40] }] }),
        meta,
      )
      .then([
        {
          type: 'StationNoteUpdated',
          data: {
            stationId: 3,
            noteId: 11,
            title: 'Access',
            body: 'New code',
            mediaIds: [40],
            updatedBy: 7,
            updatedAt: meta.now,
          },
        },
      ]);
  });

  it('renames the custom note when a title other than the default is sent', () => {
    sut
      .given([custom])
      .when(save({ notes: [{ id: 11, title: 'Gate' }] }), meta)
      .then([
        {
          type: 'StationNoteUpdated',
          data: {
            stationId: 3,
            noteId: 11,
            title: 'Gate',
            body: custom.data.body,
            mediaIds: [],
            updatedBy: 7,
            updatedAt: meta.now,
          },
        },
      ]);
  });

  it('decides nothing when nothing changes', () => {
    sut
      .given([photo, objective])
      .when(save({ notes: [{ id: 10, key: 'studyObjective', body: 'Track salinity ', mediaIds: [40] }] }), meta)
      .then([]);
  });

  it('lists every bad field: unknown or repeated keys, unknown notes, foreign media, over-long text', () => {
    sut
      .given([objective])
      .when(
        save({
          creating: [
            { noteId: 20, key: 'favouriteColour', body: 'x' },
            { noteId: 21, key: 'siteCriteria', body: 'x'.repeat(10_001) },
            { noteId: 22, key: 'siteCriteria', body: 'y', mediaIds: [999] },
          ],
          notes: [
            { id: 77, body: 'x' },
            { id: 10, key: 'sitePurpose', body: 'x' },
          ],
        }),
        meta,
      )
      .thenThrows({
        kind: 'validation',
        code: 'NOTES.INVALID',
        fieldErrors: {
          'creating.0.key': expect.stringContaining('not a note key'),
          'creating.1.body': expect.any(String),
          'creating.2.key': 'This note key is given twice.',
          'creating.2.mediaIds': expect.any(String),
          'notes.0.id': 'This note does not exist on this station.',
          'notes.1.key': expect.any(String),
        },
      });
  });

  it('refuses text that cannot be stored (NUL)', () => {
    sut
      .given([custom])
      .when(
        save({ creating: [{ noteId: 30, key: 'sitePurpose', body: 'a\u0000b' }], notes: [{ id: 11, title: 'x\u0000' }] }),
        meta,
      )
      .thenThrows({
        kind: 'validation',
        fieldErrors: { 'creating.0.body': expect.any(String), 'notes.0.title': expect.any(String) },
      });
  });

  it('refuses to create a note someone else created meanwhile (409)', () => {
    sut
      .given([objective])
      .when(save({ creating: [{ noteId: 30, key: 'studyObjective', body: 'Mine' }] }), meta)
      .thenThrows({ kind: 'conflict', code: 'NOTES.ALREADY_CREATED' });
  });

  it('refuses a save made on an older version of the notes (409), and takes the current one', () => {
    const history: StationNotesEvent[] = [objective, custom];
    sut
      .given(history)
      .when(save({ version: 1, notes: [{ id: 10, body: 'Stale' }] }), meta)
      .thenThrows({ kind: 'conflict', code: 'NOTES.CHANGED' });
    sut
      .given(history)
      .when(save({ version: 2, notes: [{ id: 10, body: 'Fresh' }] }), meta)
      .then([expect.objectContaining({ type: 'StationNoteUpdated' }) as StationNotesEvent]);
  });

  it('adds media once', () => {
    const { stationId, mediaId, noteKey, mediaKey, kind, contentType } = audio.data;
    sut
      .given([])
      .when({ type: 'AddStationMedia', data: { stationId, mediaId, noteKey, mediaKey, kind, contentType } }, meta)
      .then([{ ...audio, data: { ...audio.data, addedAt: meta.now } }]);
    sut
      .given([audio])
      .when({ type: 'AddStationMedia', data: { stationId, mediaId, noteKey, mediaKey, kind, contentType } }, meta)
      .thenThrows({ kind: 'conflict' });
  });

  it('chooses a photo as the station image, not a recording nor unknown media, and not twice', () => {
    const choose = (mediaId: number) => ({ type: 'ChooseStationImage' as const, data: { stationId: 3, mediaId } });
    sut
      .given([photo, audio])
      .when(choose(40), meta)
      .then([{ type: 'StationImageChosen', data: { stationId: 3, mediaId: 40, chosenBy: 7, chosenAt: meta.now } }]);
    sut.given([photo, audio]).when(choose(41), meta).thenThrows({ kind: 'validation', code: 'MEDIA.NOT_A_PHOTO' });
    sut.given([photo]).when(choose(99), meta).thenThrows({ kind: 'not_found', code: 'MEDIA.NOT_FOUND' });
    sut
      .given([photo, { type: 'StationImageChosen', data: { stationId: 3, mediaId: 40, chosenBy: 7, chosenAt: meta.now } }])
      .when(choose(40), meta)
      .then([]);
  });

  it('removes media, which drops it from notes and from the station image', () => {
    const removed: StationNotesEvent = {
      type: 'StationMediaRemoved',
      data: { stationId: 3, mediaId: 40, mediaKey: photo.data.mediaKey, removedBy: 7, removedAt: meta.now },
    };
    sut
      .given([photo, objective])
      .when({ type: 'RemoveStationMedia', data: { stationId: 3, mediaId: 40 } }, meta)
      .then([removed]);
    // Afterwards the note no longer refers to it (saving it unchanged decides nothing) and it is gone.
    sut
      .given([
        photo,
        objective,
        { type: 'StationImageChosen', data: { stationId: 3, mediaId: 40, chosenBy: 7, chosenAt: meta.now } },
        removed,
      ])
      .when(save({ notes: [{ id: 10, mediaIds: [] }] }), meta)
      .then([]);
    sut
      .given([photo, removed])
      .when({ type: 'RemoveStationMedia', data: { stationId: 3, mediaId: 40 } }, meta)
      .thenThrows({ kind: 'not_found' });
    sut
      .given([photo, removed])
      .when({ type: 'ChooseStationImage', data: { stationId: 3, mediaId: 40 } }, meta)
      .thenThrows({ kind: 'not_found' });
  });
});
