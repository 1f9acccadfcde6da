import { drawRichText } from '@/components/rich-text/rich-text-tree';
import { describe, expect, it } from '@jest/globals';
import { groupByMonth } from './group-by-month';
import { draftOf, notesToSave } from './notes-draft';
import { fieldNotesCsv } from './field-notes-csv';
import { isBlankRichText, parseRichText, plainTextDoc, richTextToPlain, sameRichText } from './rich-text';

const doc = (...paragraphs: string[]) => JSON.stringify(plainTextDoc(paragraphs.join('\n')));

describe('rich text bodies', () => {
  it('reads a stored tiptap document', () => {
    const body = JSON.stringify({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cleaned the probe' }] }],
    });
    expect(richTextToPlain(parseRichText(body))).toBe('Cleaned the probe');
  });

  it('wraps plain text, and JSON that is not a document, as paragraphs', () => {
    expect(parseRichText('first line\nsecond')).toEqual({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'first line' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'second' }] },
      ],
    });
    expect(richTextToPlain(parseRichText('42'))).toBe('42');
    expect(richTextToPlain(parseRichText('{"a":1}'))).toBe('{"a":1}');
  });

  it('finds a body with only white space or empty paragraphs blank', () => {
    expect(isBlankRichText(doc('', '   '))).toBe(true);
    expect(isBlankRichText(JSON.stringify({ type: 'doc', content: [{ type: 'paragraph' }] }))).toBe(true);
    expect(isBlankRichText('')).toBe(true);
    expect(isBlankRichText(doc('', 'x'))).toBe(false);
  });

  it('compares bodies by what they say', () => {
    expect(sameRichText('hello', doc('hello'))).toBe(true);
    expect(sameRichText(doc('hello'), doc('hello!'))).toBe(false);
  });
});

describe('grouping field notes by month', () => {
  it('puts notes in their month, newest month first, keeping their order and count', () => {
    const notes = [
      { id: 3, createdAt: new Date(2025, 6, 20, 10).toISOString() },
      { id: 2, createdAt: new Date(2025, 6, 2, 10).toISOString() },
      { id: 1, createdAt: new Date(2025, 4, 31, 23).toISOString() },
      { id: 0, createdAt: 'not a date' },
    ];
    const sut = groupByMonth(notes);
    expect(sut.map((g) => [g.key, g.items.map((n) => n.id)])).toEqual([
      ['2025-07', [3, 2]],
      ['2025-05', [1]],
    ]);
    expect(sut[0]!.month).toEqual(new Date(2025, 6, 1));
  });
});

describe('what a notes save sends (spec §5)', () => {
  const stored = {
    stationId: 1,
    notes: [
      {
        id: 7,
        key: 'studyObjective' as const,
        title: 'notes.studyObjective.title',
        body: 'Old',
        mediaIds: [3],
        createdAt: '',
        updatedAt: '',
      },
      { id: 8, key: 'customKey' as const, title: 'Access', body: 'Gate', mediaIds: [], createdAt: '', updatedAt: '' },
    ],
    media: [],
    completion: 33,
    stationImageId: null,
    version: 4,
    readOnly: false,
    canManagePhotos: true,
  };

  it('creates only notes with a body or their own title, and changes only what changed', () => {
    const before = draftOf(stored);
    expect(before.customKey.title).toBe('Access');
    const after = {
      ...before,
      studyObjective: { ...before.studyObjective, body: 'New' },
      sitePurpose: { ...before.sitePurpose, body: '   ' },
      siteCriteria: { ...before.siteCriteria, mediaIds: [9] },
      siteDescription: { ...before.siteDescription, body: 'Gravel' },
    };
    expect(notesToSave(before, after, stored.version)).toEqual({
      creating: [{ key: 'siteDescription', body: 'Gravel', mediaIds: [] }],
      notes: [{ id: 7, key: 'studyObjective', body: 'New', mediaIds: [3] }],
      version: 4,
    });
  });

  it('sends the custom note with its title, null for the default', () => {
    const before = draftOf(stored);
    const after = { ...before, customKey: { ...before.customKey, title: ' ' } };
    expect(notesToSave(before, after, 4).notes).toEqual([{ id: 8, key: 'customKey', body: 'Gate', mediaIds: [], title: null }]);
    expect(notesToSave(before, before, 4)).toEqual({ creating: [], notes: [], version: 4 });
  });
});

describe('field notes CSV', () => {
  it('writes plain text, quotes what needs it and defuses spreadsheet formulas', () => {
    const note = (body: string, name: string) => ({
      createdAt: '2025-07-01T10:00:00.000Z',
      updatedAt: '2025-07-01T10:00:00.000Z',
      author: { name },
      body,
    });
    expect(fieldNotesCsv([note(doc('Line one', 'say "hi", ok'), 'Ana'), note('=1+1', '@bob')])).toBe(
      'created_at,updated_at,author,text\r\n' +
        '2025-07-01T10:00:00.000Z,2025-07-01T10:00:00.000Z,Ana,"Line one\nsay ""hi"", ok"\r\n' +
        "2025-07-01T10:00:00.000Z,2025-07-01T10:00:00.000Z,'@bob,'=1+1\r\n",
    );
  });
});

describe('a note drawn by the shared renderer', () => {
  it('shows plain text as paragraphs and keeps the words of an unknown node', () => {
    expect(drawRichText(parseRichText('line one\n'), { unknown: 'children' })).toEqual([
      { tag: 'p', children: [{ tag: 'span', children: ['line one'] }] },
      { tag: 'p', children: [{ tag: 'br', children: [] }] },
    ]);
    const unknown = JSON.stringify({ type: 'doc', content: [{ type: 'callout', content: [{ type: 'text', text: 'kept' }] }] });
    expect(drawRichText(parseRichText(unknown), { unknown: 'children' })).toEqual([
      { tag: 'span', children: [{ tag: 'span', children: ['kept'] }] },
    ]);
  });
});
