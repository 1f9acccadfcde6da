import { describe, expect, it } from '@jest/globals';
import { getSchema } from '@tiptap/core';
import { checkRichText } from '@groundtruth/domain';
import { toStoredDoc } from '../utils/post-doc';
import { editorExtensions } from './editor-extensions';

const sut = getSchema(editorExtensions(null, { onEnter: () => true, onEscape: () => false }));

/** A document using every node and mark the editor has, with the attributes it sets itself. */
const everything = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Title' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'bold', marks: [{ type: 'bold' }, { type: 'italic' }, { type: 'strike' }, { type: 'underline' }] },
        { type: 'text', text: ' code', marks: [{ type: 'code' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'a link', marks: [{ type: 'link', attrs: { href: 'https://example.org' } }] },
        { type: 'mention', attrs: { id: '42', label: 'Ana' } },
      ],
    },
    { type: 'blockquote', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'quoted' }] }] },
    {
      type: 'bulletList',
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'one' }] }] }],
    },
    {
      type: 'orderedList',
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'two' }] }] }],
    },
    { type: 'codeBlock', content: [{ type: 'text', text: 'x = 1' }] },
    { type: 'horizontalRule' },
  ],
};

describe("the discussion editor's schema", () => {
  it('has every node and mark the server accepts, and no other', () => {
    expect(Object.keys(sut.nodes).sort()).toEqual(
      [
        'blockquote',
        'bulletList',
        'codeBlock',
        'doc',
        'hardBreak',
        'heading',
        'horizontalRule',
        'listItem',
        'mention',
        'orderedList',
        'paragraph',
        'text',
      ].sort(),
    );
    expect(Object.keys(sut.marks).sort()).toEqual(['bold', 'code', 'italic', 'link', 'strike', 'underline']);
  });

  it('writes documents the server keeps as they are, once its own attributes are left out', () => {
    // The editor's JSON: every default attribute filled in (mentionSuggestionChar, link title, …).
    const written = sut.nodeFromJSON(everything).toJSON() as Record<string, unknown>;
    expect(JSON.stringify(written)).toContain('mentionSuggestionChar');
    const stored = toStoredDoc(written);
    const checked = checkRichText(JSON.stringify(stored));
    expect(checked.mentions).toEqual([42]);
    expect(JSON.parse(checked.body)).toEqual(stored);
  });

  it('is refused by the server as the editor writes it, without leaving its own attributes out (control)', () => {
    const written = sut.nodeFromJSON(everything).toJSON() as Record<string, unknown>;
    expect(() => checkRichText(JSON.stringify(written))).toThrow();
  });
});
