import { appendNoteHistory } from '../../../../../test/support/note-events.js';
import { expectIdempotent, projectedHistory } from '../../../../../test/support/projection-checks.js';
import { fieldNotesProjection } from './field-notes.projection.js';
import { stationNotesProjection } from './station-notes.projection.js';

const world = projectedHistory({
  history: (store) => appendNoteHistory(store, { stations: 3, firstId: 1 }),
  projections: [stationNotesProjection, fieldNotesProjection],
});
const { rows } = world;

describe('notes projections', () => {
  it('keeps notes with the media they still refer to, and the chosen station image', async () => {
    // Station 1 kept both photos and its image; station 2 deleted the photo it had made its image.
    const media = await rows<{ station_id: string; id: string; key: string | null; kind: string; is_station_image: boolean }>(
      'SELECT station_id, id, key, kind, is_station_image FROM station_media WHERE station_id IN (1, 2) ORDER BY id',
      [],
    );
    const of = (s: string) => media.filter((m) => m.station_id === s);
    expect(of('1').map((m) => [m.kind, m.key, m.is_station_image])).toEqual([
      ['photo', null, true],
      ['photo', null, false],
      ['audio', 'sitePurpose', false],
    ]);
    expect(of('2').map((m) => [m.kind, m.is_station_image])).toEqual([
      ['photo', false],
      ['audio', false],
    ]);

    const notes = await rows<{ key: string; title: string | null; body: string; media_ids: string[]; writes: number }>(
      'SELECT key, title, body, media_ids, writes FROM station_notes WHERE station_id = 2 ORDER BY key',
      [],
    );
    const photoA = of('2')[0]!.id;
    const recording = of('2')[1]!.id;
    expect(notes).toEqual([
      { key: 'customKey', title: 'Custom 2', body: '', media_ids: [], writes: 1 },
      { key: 'sitePurpose', title: null, body: 'Purpose', media_ids: [recording], writes: 1 },
      { key: 'studyObjective', title: null, body: 'Objective 2, revised', media_ids: [photoA], writes: 2 },
    ]);
  });

  it('lists field notes without the deleted ones, edits applied', async () => {
    const notes = await rows<{ station_id: string; body: string }>('SELECT station_id, body FROM field_notes ORDER BY id', []);
    expect(notes.filter((n) => n.station_id === '1')).toHaveLength(2);
    expect(notes.filter((n) => n.station_id === '2').map((n) => JSON.parse(n.body).content[0].content[0].text)).toEqual([
      'Visit 0',
      'Visit 1, edited',
      'Visit 2',
    ]);
  });

  it.each([
    ['station notes', stationNotesProjection],
    ['field notes', fieldNotesProjection],
  ])('%s: change nothing when an event comes twice or the log comes again', async (_name, sut) => {
    await expectIdempotent(world.db.pool, world.store, sut);
  });
});
