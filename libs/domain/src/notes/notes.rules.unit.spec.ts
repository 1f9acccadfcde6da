import { isEmptyRichText } from './field-note.rules.js';
import { defaultNoteTitle, effectiveTitle, notesCompletion } from './station-notes.rules.js';

describe('notes rules', () => {
  it.each([
    [0, false, 0],
    [0, true, 17],
    [1, false, 17],
    [3, true, 67],
    [5, false, 83],
    [5, true, 100],
  ])('completion of %i filled notes (photo: %p) is %i%%', (filled, photo, percent) => {
    expect(notesCompletion(filled, photo)).toBe(percent);
  });

  it('keeps only the custom note its own title', () => {
    expect(effectiveTitle('customKey', ' Access ')).toBe('Access');
    expect(effectiveTitle('customKey', defaultNoteTitle('customKey'))).toBeNull();
    expect(effectiveTitle('studyObjective', 'Anything')).toBeNull();
  });

  it.each([
    ['plain text', 'hello', false],
    ['text that looks like JSON but is not', '{not json', false],
    ['JSON that is not a document', '{"a":1}', false],
    [
      'a mention alone',
      JSON.stringify({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'mention', attrs: { id: 1 } }] }] }),
      false,
    ],
    ['a document without content', '{"type":"doc"}', true],
    [
      'nested empty lists',
      JSON.stringify({
        type: 'doc',
        content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph' }] }] }],
      }),
      true,
    ],
  ])('tells whether %s is empty', (_case, body, empty) => {
    expect(isEmptyRichText(body)).toBe(empty);
  });
});
