import { DomainError } from '../kernel/domain-error.js';
import { RICH_TEXT_LIMITS, checkRichText, isSafeLink, jsonDepth } from './rich-text.js';

const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (t: string, marks?: unknown[]) => (marks ? { type: 'text', text: t, marks } : { type: 'text', text: t });
const link = (href: string) => text('here', [{ type: 'link', attrs: { href } }]);

const refusal = (body: string): DomainError => {
  try {
    checkRichText(body);
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error(`accepted ${body.slice(0, 80)}`);
};

describe('checkRichText', () => {
  it('keeps a document the editor writes, with its mentions and words', () => {
    const sut = checkRichText(
      doc(
        para(text('Water rose '), text('fast', [{ type: 'bold' }]), { type: 'hardBreak' }, text('see ')),
        para({ type: 'mention', attrs: { id: '12', label: 'Ana' } }, text(' and '), {
          type: 'mention',
          attrs: { id: 12, label: 'Ana' },
        }),
        { type: 'bulletList', content: [{ type: 'listItem', content: [para(link('https://example.org/a?b=1'))] }] },
      ),
    );
    expect(sut.mentions).toEqual([12]);
    expect(sut.text).toBe('Water rose fast\nsee\n@Ana and @Ana\nhere');
    expect(JSON.parse(sut.body)).toEqual(sut.doc);
  });

  it('wraps plain text as a document, a paragraph a line', () => {
    const sut = checkRichText('first line\nsecond <b>line</b>');
    expect(sut.doc).toEqual({
      type: 'doc',
      content: [para(text('first line')), para(text('second <b>line</b>'))],
    });
    expect(sut.mentions).toEqual([]);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['JaVaScRiPt: with spaces and tabs', ' \tjava\nscript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['a relative path', '/admin'],
    ['protocol-relative', '//evil.example'],
    ['file:', 'file:///etc/passwd'],
    ['https with no host', 'https:///x'],
  ])('refuses a %s link', (_name, href) => {
    expect(refusal(doc(para(link(href))))).toMatchObject({ kind: 'validation', code: 'POST.LINK_NOT_ALLOWED' });
  });

  it('accepts http, https and mailto links (the control of the refusals above)', () => {
    for (const href of ['http://a.example', 'HTTPS://a.example/x', 'mailto:ana@example.org']) expect(isSafeLink(href)).toBe(true);
    expect(() => checkRichText(doc(para(link('https://a.example'))))).not.toThrow();
  });

  it.each([
    ['an unknown node', doc({ type: 'iframe', attrs: { src: 'https://x' } })],
    ['a script node', doc(para({ type: 'script', text: 'alert(1)' }))],
    ['an unknown mark', doc(para(text('x', [{ type: 'html', attrs: { html: '<img onerror=1>' } }])))],
    ['an unknown attribute', doc({ type: 'paragraph', attrs: { onclick: 'x' }, content: [text('x')] })],
    ['an unknown key', doc({ type: 'paragraph', html: '<b>x</b>', content: [text('x')] })],
    ['a text in the document root', doc(text('x'))],
    ['a block inside a paragraph', doc(para(para(text('x'))))],
    ['an empty text node', doc(para({ type: 'text', text: '' }))],
    ['a mention without an id', doc(para({ type: 'mention', attrs: { label: 'x' } }))],
    ['a mention of a non-id', doc(para({ type: 'mention', attrs: { id: '1 OR 1=1' } }))],
    ['a heading of level 7', doc({ type: 'heading', attrs: { level: 7 }, content: [text('x')] })],
    ['a document that is not a doc', JSON.stringify({ type: 'paragraph', content: [text('x')] })],
    ['marks on a code block', doc({ type: 'codeBlock', content: [text('x', [{ type: 'bold' }])] })],
  ])('refuses %s', (_name, body) => {
    expect(refusal(body)).toMatchObject({ kind: 'validation', code: 'POST.BODY_INVALID' });
  });

  it('refuses 10,000-deep nesting before parsing it', () => {
    const deep = '{"type":"doc","content":['.repeat(1) + '['.repeat(10_000) + ']'.repeat(10_000) + ']}';
    expect(jsonDepth(deep)).toBe(10_002);
    expect(refusal(deep)).toMatchObject({ code: 'POST.BODY_TOO_DEEP' });
    const quotes = '{"type":"blockquote","content":['.repeat(10_000) + '{"type":"paragraph"}' + ']}'.repeat(10_000);
    expect(refusal(`{"type":"doc","content":[${quotes}]}`)).toMatchObject({ code: 'POST.BODY_TOO_LONG' });
    const short = '{"type":"blockquote","content":['.repeat(1_000) + '{"type":"paragraph"}' + ']}'.repeat(1_000);
    expect(refusal(`{"type":"doc","content":[${short}]}`)).toMatchObject({ code: 'POST.BODY_TOO_DEEP' });
  });

  it('refuses 30-deep quotes by depth, and takes 5-deep ones (control)', () => {
    const quoted = (n: number) => {
      let node: unknown = para(text('x'));
      for (let i = 0; i < n; i++) node = { type: 'blockquote', content: [node] };
      return doc(node);
    };
    expect(refusal(quoted(30))).toMatchObject({ code: 'POST.BODY_TOO_DEEP' });
    expect(checkRichText(quoted(5)).text).toBe('x');
  });

  it('refuses a 1 MB body and a body one character over the limit', () => {
    expect(refusal('a'.repeat(1_000_000))).toMatchObject({ code: 'POST.BODY_TOO_LONG' });
    expect(refusal('a'.repeat(RICH_TEXT_LIMITS.maxLength + 1))).toMatchObject({ code: 'POST.BODY_TOO_LONG' });
    expect(checkRichText('a'.repeat(RICH_TEXT_LIMITS.maxLength)).text).toHaveLength(RICH_TEXT_LIMITS.maxLength);
  });

  it('refuses too many nodes and too many mentions', () => {
    const breaks = (n: number) => doc(para(text('x'), ...Array.from({ length: n }, () => ({ type: 'hardBreak' }))));
    expect(refusal(breaks(RICH_TEXT_LIMITS.maxNodes))).toMatchObject({ code: 'POST.BODY_TOO_LARGE' });
    expect(checkRichText(breaks(RICH_TEXT_LIMITS.maxNodes - 3)).text).toBe('x');
    const mentions = doc(
      para(...Array.from({ length: RICH_TEXT_LIMITS.maxMentions + 1 }, (_, i) => ({ type: 'mention', attrs: { id: i + 1 } }))),
    );
    expect(refusal(mentions)).toMatchObject({ code: 'POST.TOO_MANY_MENTIONS' });
  });

  it.each([
    ['an empty text', ''],
    ['blanks', '  \n  '],
    ['an empty document', doc({ type: 'paragraph' })],
    ['a document of blanks', doc(para(text('   ')))],
  ])('refuses %s as empty', (_name, body) => {
    expect(refusal(body)).toMatchObject({ code: 'POST.EMPTY' });
  });

  it('takes a document holding only a mention as not empty', () => {
    expect(checkRichText(doc(para({ type: 'mention', attrs: { id: 3 } }))).mentions).toEqual([3]);
  });
});
