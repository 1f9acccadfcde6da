import { describe, expect, it } from '@jest/globals';
import { drawRichText, type Drawn, type RichNodeLike } from './rich-text-tree';

/** The drawn tree as markup-like text, to read the assertions at a glance. */
const markup = (drawn: readonly Drawn[]): string =>
  drawn
    .map((d) =>
      typeof d === 'string'
        ? d
        : `<${d.tag}${Object.entries(d.attrs ?? {})
            .map(([k, v]) => ` ${k}="${v}"`)
            .join('')}>${markup(d.children)}</${d.tag}>`,
    )
    .join('');

const paragraph = (...content: RichNodeLike[]): RichNodeLike => ({ type: 'doc', content: [{ type: 'paragraph', content }] });
const link = (href: string): RichNodeLike => ({ type: 'text', text: 'here', marks: [{ type: 'link', attrs: { href } }] });
const discussion = { mentions: true, ugc: true, unknown: 'drop' } as const;
const notes = { unknown: 'children' } as const;

describe('the shared rich-text renderer', () => {
  it('draws a comment with its mention as @name and its link marked as user content', () => {
    const sut = drawRichText(
      paragraph({ type: 'text', text: 'Ask ' }, { type: 'mention', attrs: { id: 5, label: 'Mia' } }, link('https://x.org')),
      discussion,
    );
    expect(markup(sut)).toBe(
      '<p><span>Ask </span><span data-mention="5">@Mia</span>' +
        '<span><a href="https://x.org" target="_blank" rel="noopener noreferrer nofollow ugc">here</a></span></p>',
    );
  });

  it('draws a field note with plain links, and no mention outside discussions', () => {
    const sut = drawRichText(paragraph(link('mailto:a@b.org'), { type: 'mention', attrs: { id: 5, label: 'Mia' } }), notes);
    expect(markup(sut)).toBe(
      '<p><span><a href="mailto:a@b.org" target="_blank" rel="noopener noreferrer nofollow">here</a></span><span></span></p>',
    );
  });

  it.each([
    ['discussions', discussion],
    ['notes', notes],
  ] as const)('refuses an unsafe link in %s: the words stay, the link goes', (_use, options) => {
    for (const href of ['javascript:alert(1)', ' data:text/html,x', 'vbscript:x', '//evil.org'])
      expect(markup(drawRichText(paragraph(link(href)), options))).toBe('<p><span>here</span></p>');
  });

  it('drops an unknown node in discussions and keeps its words in notes', () => {
    const doc: RichNodeLike = {
      type: 'doc',
      content: [
        { type: 'iframe', content: [{ type: 'text', text: 'inside' }] },
        paragraph({ type: 'text', text: 'ok' }).content![0]!,
      ],
    };
    expect(markup(drawRichText(doc, discussion))).toBe('<p><span>ok</span></p>');
    expect(markup(drawRichText(doc, notes))).toBe('<span><span>inside</span></span><p><span>ok</span></p>');
  });
});
