import {
  fieldNoteDecider,
  fieldNoteStream,
  stationNotesDecider,
  stationNotesStream,
  type FieldNoteCommand,
  type StationNotesCommand,
} from '../../libs/domain/src/index.js';
import { decideAndAppend, type EventStore } from '../../libs/platform/src/index.js';

let clock = Date.UTC(2026, 2, 1);
const meta = (userId: number) => {
  clock += 1000;
  return { correlationId: 'seed', causationId: 'seed', userId, now: new Date(clock).toISOString() };
};

const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/**
 * Station notes, media and field notes through the real deciders: photos and recordings added,
 * notes created and rewritten, a station image chosen and changed, media deleted (dropping out of
 * notes and the image), field notes written, edited and deleted.
 */
export const appendNoteHistory = async (store: EventStore, options: { stations: number; firstId?: number }) => {
  const first = options.firstId ?? 1;
  let nextId = first * 100;
  const id = () => ++nextId;
  for (let stationId = first; stationId < first + options.stations; stationId++) {
    const author = 1 + (stationId % 7);
    const notes = (command: StationNotesCommand) =>
      decideAndAppend(store, stationNotesDecider, stationNotesStream(stationId), command, meta(author));
    const media = (kind: 'photo' | 'audio', noteKey: 'sitePurpose' | null = null) => {
      const mediaId = id();
      const ext = kind === 'photo' ? 'jpg' : 'm4a';
      return notes({
        type: 'AddStationMedia',
        data: {
          stationId,
          mediaId,
          noteKey,
          mediaKey: `stations/${stationId}/00000000-0000-0000-0000-${String(mediaId).padStart(12, '0')}.${ext}`,
          kind,
          contentType: kind === 'photo' ? 'image/jpeg' : 'audio/mp4',
        },
      }).then(() => mediaId);
    };
    const photoA = await media('photo');
    const photoB = await media('photo');
    const recording = await media('audio', 'sitePurpose');
    const objectiveId = id();
    const customId = id();
    await notes({
      type: 'SaveStationNotes',
      data: {
        stationId,
        creating: [
          { noteId: objectiveId, key: 'studyObjective', body: `Objective ${stationId}`, mediaIds: [photoA] },
          { noteId: id(), key: 'sitePurpose', body: '', mediaIds: [recording] }, // not created: nothing in it
          { noteId: customId, key: 'customKey', title: `Custom ${stationId}`, body: '' },
        ],
        notes: [],
      },
    });
    await notes({
      type: 'SaveStationNotes',
      data: {
        stationId,
        creating: [{ noteId: id(), key: 'sitePurpose', body: 'Purpose', mediaIds: [recording, photoB] }],
        notes: [{ id: objectiveId, body: `Objective ${stationId}, revised`, mediaIds: [photoA, photoB] }],
      },
    });
    await notes({ type: 'ChooseStationImage', data: { stationId, mediaId: photoA } });
    if (stationId % 2 === 0) {
      await notes({ type: 'ChooseStationImage', data: { stationId, mediaId: photoB } });
      await notes({ type: 'RemoveStationMedia', data: { stationId, mediaId: photoB } });
    }
    if (stationId % 3 === 0) await notes({ type: 'RemoveStationMedia', data: { stationId, mediaId: recording } });

    for (let n = 0; n < 3; n++) {
      const fieldNoteId = id();
      const field = (command: FieldNoteCommand) =>
        decideAndAppend(store, fieldNoteDecider, fieldNoteStream(fieldNoteId), command, meta(author));
      await field({ type: 'AddFieldNote', data: { fieldNoteId, stationId, authorId: author, body: doc(`Visit ${n}`) } });
      if (n === 1) await field({ type: 'EditFieldNote', data: { fieldNoteId, stationId, body: doc(`Visit ${n}, edited`) } });
      if (n === 2 && stationId % 2 === 1) await field({ type: 'DeleteFieldNote', data: { fieldNoteId, stationId } });
    }
  }
};
