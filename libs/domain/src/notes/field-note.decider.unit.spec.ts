import { specFor, testMetadata } from '../testing/index.js';
import { fieldNoteDecider } from './field-note.decider.js';
import type { FieldNoteAdded } from './field-note.events.js';

const sut = specFor(fieldNoteDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });
const doc = (text: string) =>
  JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

const added: FieldNoteAdded = {
  type: 'FieldNoteAdded',
  data: { fieldNoteId: 5, stationId: 3, authorId: 7, body: doc('Cleaned the sensor'), addedAt: '2026-04-01T00:00:00.000Z' },
};
const deleted = { type: 'FieldNoteDeleted' as const, data: { fieldNoteId: 5, stationId: 3, deletedBy: 7, deletedAt: meta.now } };

describe('field note decider', () => {
  it('adds a note with its author', () => {
    sut
      .given([])
      .when({ type: 'AddFieldNote', data: { fieldNoteId: 5, stationId: 3, authorId: 7, body: added.data.body } }, meta)
      .then([{ ...added, data: { ...added.data, addedAt: meta.now } }]);
  });

  it.each([
    ['an empty text', ''],
    ['blank text', '  \n '],
    ['an empty document', JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] })],
    ['a document of blanks', doc('   ')],
  ])('refuses %s with "There\'s nothing to save."', (_case, body) => {
    sut
      .given([])
      .when({ type: 'AddFieldNote', data: { fieldNoteId: 5, stationId: 3, authorId: 7, body } }, meta)
      .thenThrows({ kind: 'validation', code: 'FIELD_NOTE.EMPTY', fieldErrors: { body: "There's nothing to save." } });
    sut
      .given([added])
      .when({ type: 'EditFieldNote', data: { fieldNoteId: 5, stationId: 3, body } }, meta)
      .thenThrows({ kind: 'validation', code: 'FIELD_NOTE.EMPTY' });
  });

  it('refuses text that cannot be stored (NUL)', () => {
    sut
      .given([])
      .when({ type: 'AddFieldNote', data: { fieldNoteId: 5, stationId: 3, authorId: 7, body: 'a\u0000b' } }, meta)
      .thenThrows({ kind: 'validation', code: 'FIELD_NOTE.UNSAVABLE' });
  });

  it('edits the text, and decides nothing for the same text', () => {
    sut
      .given([added])
      .when({ type: 'EditFieldNote', data: { fieldNoteId: 5, stationId: 3, body: doc('Replaced the battery') } }, meta)
      .then([
        {
          type: 'FieldNoteEdited',
          data: { fieldNoteId: 5, stationId: 3, body: doc('Replaced the battery'), editedAt: meta.now },
        },
      ]);
    sut
      .given([added])
      .when({ type: 'EditFieldNote', data: { fieldNoteId: 5, stationId: 3, body: added.data.body } }, meta)
      .then([]);
  });

  it('deletes a note once', () => {
    sut
      .given([added])
      .when({ type: 'DeleteFieldNote', data: { fieldNoteId: 5, stationId: 3 } }, meta)
      .then([deleted]);
    sut
      .given([added, deleted])
      .when({ type: 'DeleteFieldNote', data: { fieldNoteId: 5, stationId: 3 } }, meta)
      .thenThrows({ kind: 'not_found', code: 'FIELD_NOTE.NOT_FOUND' });
  });

  it('answers not found for a missing, deleted or other-station note', () => {
    sut
      .given([])
      .when({ type: 'EditFieldNote', data: { fieldNoteId: 5, stationId: 3, body: 'x' } }, meta)
      .thenThrows({ kind: 'not_found' });
    sut
      .given([added, deleted])
      .when({ type: 'EditFieldNote', data: { fieldNoteId: 5, stationId: 3, body: 'x' } }, meta)
      .thenThrows({ kind: 'not_found' });
    sut
      .given([added])
      .when({ type: 'EditFieldNote', data: { fieldNoteId: 5, stationId: 4, body: 'x' } }, meta)
      .thenThrows({ kind: 'not_found' });
    sut
      .given([added])
      .when({ type: 'DeleteFieldNote', data: { fieldNoteId: 5, stationId: 4 } }, meta)
      .thenThrows({ kind: 'not_found' });
  });

  it('refuses to add the same note twice', () => {
    sut
      .given([added])
      .when({ type: 'AddFieldNote', data: { fieldNoteId: 5, stationId: 3, authorId: 7, body: 'again' } }, meta)
      .thenThrows({ kind: 'conflict' });
  });
});
