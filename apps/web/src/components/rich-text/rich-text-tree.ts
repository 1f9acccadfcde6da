/** A node of a tiptap (ProseMirror) JSON document, as the discussions' and the notes' parsers give it. */
export type RichNodeLike = {
  readonly type: string;
  readonly text?: string | undefined;
  readonly content?: readonly RichNodeLike[] | undefined;
  readonly marks?:
    readonly { readonly type: string; readonly attrs?: Readonly<Record<string, unknown>> | undefined }[] | undefined;
  readonly attrs?: Readonly<Record<string, unknown>> | undefined;
};

export type RichTextOptions = {
  /** Draw `mention` nodes as `@name` (discussions); without, a mention is an unknown node. */
  readonly mentions?: boolean;
  /** Mark links as user-generated content (`rel="ugc"`): posts by anyone (discussions). */
  readonly ugc?: boolean;
  /** An unknown node: its children in a span (`children`, the notes' way) or nothing (`drop`). */
  readonly unknown?: 'children' | 'drop';
};

type Tag = 'p' | 'strong' | 'em' | 's' | 'code' | 'u' | 'a' | 'span' | 'ul' | 'ol' | 'li' | 'blockquote' | 'pre' | 'br' | 'hr';

/** What to draw: text, or an element with only the attributes named here (never HTML from the body). */
export type Drawn =
  string | { readonly tag: Tag; readonly attrs?: Readonly<Record<string, string>>; readonly children: readonly Drawn[] };

/** Only http(s) and mailto links become links, whatever the stored document says. */
export const safeHref = (href: unknown): string | null =>
  typeof href === 'string' && /^(https?:|mailto:)/i.test(href.trim()) ? href.trim() : null;

const el = (tag: Tag, children: readonly Drawn[], attrs?: Record<string, string>): Drawn =>
  attrs ? { tag, attrs, children } : { tag, children };

const simpleMarks: Readonly<Record<string, Tag>> = { bold: 'strong', italic: 'em', strike: 's', code: 'code', underline: 'u' };
const simpleBlocks: Readonly<Record<string, Tag>> = {
  bulletList: 'ul',
  orderedList: 'ol',
  listItem: 'li',
  blockquote: 'blockquote',
};

const drawText = (node: RichNodeLike, options: RichTextOptions): Drawn => {
  let out: Drawn = node.text ?? '';
  for (const mark of node.marks ?? []) {
    const tag = simpleMarks[mark.type];
    if (tag) out = el(tag, [out]);
    else if (mark.type === 'link') {
      const href = safeHref(mark.attrs?.['href']);
      // An unsafe or missing address: the words stay, the link does not.
      if (href) out = el('a', [out], { href, target: '_blank', rel: `noopener noreferrer nofollow${options.ugc ? ' ugc' : ''}` });
    }
  }
  return el('span', [out]);
};

const drawNode = (node: RichNodeLike, options: RichTextOptions): Drawn | null => {
  const children = () => drawAll(node.content ?? [], options);
  if (node.type === 'text') return drawText(node, options);
  if (node.type === 'mention' && options.mentions) {
    const id = String(node.attrs?.['id']);
    const label = node.attrs?.['label'];
    return el('span', [`@${typeof label === 'string' && label !== '' ? label : id}`], { 'data-mention': id });
  }
  const block = simpleBlocks[node.type];
  if (block) return el(block, children());
  switch (node.type) {
    case 'paragraph': {
      const inner = children();
      return el('p', inner.length > 0 ? inner : [el('br', [])]);
    }
    case 'heading':
      // Inside the page's own headings: a strong paragraph, not a heading of its own.
      return el('p', [el('strong', children())]);
    case 'codeBlock':
      return el('pre', [el('code', children())]);
    case 'hardBreak':
      return el('br', []);
    case 'horizontalRule':
      return el('hr', []);
    default:
      return options.unknown === 'drop' ? null : el('span', children());
  }
};

const drawAll = (nodes: readonly RichNodeLike[], options: RichTextOptions): Drawn[] =>
  nodes.flatMap((n) => {
    const drawn = drawNode(n, options);
    return drawn === null ? [] : [drawn];
  });

/** A document's content as elements to draw: each known node a plain element, nothing else. */
export const drawRichText = (doc: RichNodeLike, options: RichTextOptions = {}): Drawn[] => drawAll(doc.content ?? [], options);
