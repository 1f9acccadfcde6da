import { describe, expect, it } from '@jest/globals';
import { groupByMonth } from './group-by-month';
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
