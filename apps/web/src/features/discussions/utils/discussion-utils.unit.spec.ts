import { drawRichText } from '@/components/rich-text/rich-text-tree';
import { describe, expect, it } from '@jest/globals';
import { eventDraftErrors, fromLocalInput, toLocalInput } from './event-form';
import { isEmptyEntry, readPostBody, sameBody, toStoredDoc } from './post-doc';
import { postAnchor, postTargetOf } from './post-hash';

const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });

describe('post hashes', () => {
  it('reads #comment-id-{id} and #event-id-{id}', () => {
    expect(postTargetOf('#comment-id-42')).toEqual({ kind: 'comment', id: 42 });
    expect(postTargetOf('#event-id-7')).toEqual({ kind: 'event', id: 7 });
  });

  it('ignores any other hash', () => {
    for (const hash of [
      '',
      '#',
      '#comment-id-',
      '#comment-id-0',
      '#comment-id-1x',
      '#post-id-3',
      '#comment-id-99999999999999999',
    ])
      expect(postTargetOf(hash)).toBeNull();
  });

  it('names the element a hash points at', () => {
    expect(postAnchor({ kind: 'comment', id: 5 })).toBe('comment-id-5');
  });
});

describe('reading a stored post', () => {
  it('keeps a document the editor writes', () => {
    const body = doc(para(text('Hi '), { type: 'mention', attrs: { id: '3', label: 'Ana' } }, text('!', [{ type: 'bold' }])));
    expect(readPostBody(body)).toEqual(JSON.parse(body));
  });

  it('shows a document with a javascript: link as its plain text, never as a link', () => {
    const body = doc(para(text('click', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])));
    const sut = readPostBody(body);
    expect(JSON.stringify(sut)).not.toContain('"link"');
    expect(sut.type).toBe('doc');
  });

  it('shows a document with an unknown node as plain text', () => {
    const sut = readPostBody(doc({ type: 'iframe', attrs: { src: 'https://evil.example' } }));
    expect(JSON.stringify(sut)).not.toContain('"iframe"');
  });

  it('wraps plain text a paragraph a line', () => {
    expect(readPostBody('one\ntwo')).toEqual({ type: 'doc', content: [para(text('one')), para(text('two'))] });
  });

  it('answers an empty document for the placeholder of a deleted post', () => {
    expect(readPostBody('')).toEqual({ type: 'doc', content: [] });
  });
});

describe('what the editor sends', () => {
  it('leaves out the attributes the editor keeps for itself', () => {
    const sut = toStoredDoc({
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'mention', attrs: { id: '3', label: 'Ana', mentionSuggestionChar: '@' } }] },
      ],
    });
    expect(sut).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'mention', attrs: { id: '3', label: 'Ana' } }] }],
    });
  });

  it('counts a blank entry as empty, and a mention alone as not', () => {
    expect(isEmptyEntry({ type: 'doc', content: [{ type: 'paragraph' }] })).toBe(true);
    expect(isEmptyEntry({ type: 'doc', content: [para(text('   '))] } as never)).toBe(true);
    expect(isEmptyEntry({ type: 'doc', content: [para({ type: 'mention', attrs: { id: '3' } })] } as never)).toBe(false);
    expect(isEmptyEntry({ type: 'doc', content: [para(text('x'))] } as never)).toBe(false);
  });

  it('counts an edit as a change only when the content differs', () => {
    expect(sameBody(doc(para(text('a'))), 'a')).toBe(true);
    expect(sameBody(doc(para(text('a'))), 'b')).toBe(false);
  });
});

describe('the data event form', () => {
  it('reads and writes datetime-local values in the reader’s zone', () => {
    const ms = new Date(2026, 2, 4, 5, 6).getTime();
    expect(toLocalInput(ms)).toBe('2026-03-04T05:06');
    expect(fromLocalInput('2026-03-04T05:06')).toBe(new Date(ms).toISOString());
    expect(fromLocalInput('04/03/2026')).toBeNull();
  });

  it('needs a title, a start and an end not before the start', () => {
    expect(eventDraftErrors({ title: ' ', description: '', start: '', end: '' })).toEqual({
      title: 'required',
      start: 'required',
      end: 'required',
    });
    expect(eventDraftErrors({ title: 'Flood', description: '', start: '2026-03-04T05:06', end: '2026-03-04T05:05' })).toEqual({
      end: 'endBeforeStart',
    });
    expect(eventDraftErrors({ title: 'Flood', description: '', start: '2026-03-04T05:06', end: '2026-03-04T05:06' })).toEqual({});
  });
});

describe('a post drawn by the shared renderer', () => {
  it('shows a body outside the schema as its words, never its nodes', () => {
    const foreign = JSON.stringify({ type: 'doc', content: [{ type: 'script', text: 'x' }] });
    const drawn = drawRichText(readPostBody(foreign), { mentions: true, ugc: true, unknown: 'drop' });
    expect(drawn).toEqual([{ tag: 'p', children: [{ tag: 'span', children: [foreign] }] }]);
  });
});
