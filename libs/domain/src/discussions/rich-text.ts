import { DomainError } from '../kernel/domain-error.js';

/**
 * The discussion editor's schema (tiptap's StarterKit nodes and marks, mentions and links), checked
 * on the server before any post is stored: whoever wrote the JSON, nothing outside it can be kept,
 * so nothing outside it can ever be drawn. The walk is iterative and bounded before parsing, so a
 * 10,000-deep document costs a scan, not a stack.
 */
export const RICH_TEXT_LIMITS = {
  /** JSON text of one post body, in characters. */
  maxLength: 50_000,
  /** Nesting of JSON arrays and objects (a list in a quote in a list item is about 12). */
  maxDepth: 40,
  /** Nodes in one document (a bare hard break is 20 characters, so the length alone allows 2,500). */
  maxNodes: 2_000,
  /** Distinct people mentioned in one post. */
  maxMentions: 50,
} as const;

export const richTextMessages = {
  empty: "There's nothing to save.",
  tooLong: `A post holds at most ${RICH_TEXT_LIMITS.maxLength.toLocaleString('en-US')} characters.`,
  tooDeep: 'This text is nested too deeply to be saved.',
  tooManyNodes: 'This text has too many parts to be saved.',
  tooManyMentions: `A post may mention at most ${RICH_TEXT_LIMITS.maxMentions} people.`,
  invalid: 'This text cannot be saved: it is not a document the editor writes.',
  badLink: 'Links must start with http://, https:// or mailto:.',
} as const;

const blocks = new Set(['paragraph', 'heading', 'blockquote', 'bulletList', 'orderedList', 'codeBlock', 'horizontalRule']);
const inlines = new Set(['text', 'hardBreak', 'mention']);

type NodeRule = {
  /** The node types its `content` may hold; null: it holds no content. */
  readonly children: ReadonlySet<string> | null;
  /** Its attributes and how each is checked; anything else is refused. */
  readonly attrs: Readonly<Record<string, (value: unknown) => boolean>>;
};

const isLevel = (v: unknown) => v === 1 || v === 2 || v === 3;
const isStart = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 1_000_000;
const isShortTextOrNull = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 100);
const isUserId = (v: unknown) =>
  (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || (typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v));

const nodeRules: Readonly<Record<string, NodeRule>> = {
  doc: { children: blocks, attrs: {} },
  paragraph: { children: inlines, attrs: {} },
  heading: { children: inlines, attrs: { level: isLevel } },
  blockquote: { children: blocks, attrs: {} },
  bulletList: { children: new Set(['listItem']), attrs: {} },
  orderedList: { children: new Set(['listItem']), attrs: { start: isStart, type: (v) => v === null || v === '1' } },
  listItem: { children: blocks, attrs: {} },
  codeBlock: { children: new Set(['text']), attrs: { language: isShortTextOrNull } },
  horizontalRule: { children: null, attrs: {} },
  hardBreak: { children: null, attrs: {} },
  text: { children: null, attrs: {} },
  mention: { children: null, attrs: { id: isUserId, label: isShortTextOrNull } },
};

/** Link targets a reader may follow: the web and e-mail, nothing that runs or reads locally. */
export const isSafeLink = (href: unknown): boolean => {
  if (typeof href !== 'string' || href.length > 2_000) return false;
  // Browsers drop tabs, newlines and leading control characters before reading the scheme.
  const bare = [...href].filter((c) => c.charCodeAt(0) > 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return /^(https?:\/\/[^/\\]|mailto:)/i.test(bare) && bare === href.trim();
};

const markRules: Readonly<Record<string, Readonly<Record<string, (value: unknown) => boolean>>>> = {
  bold: {},
  italic: {},
  strike: {},
  code: {},
  underline: {},
  link: {
    href: isSafeLink,
    target: (v) => v === null || v === '_blank',
    rel: (v) => v === null || (typeof v === 'string' && v.length <= 100),
    class: (v) => v === null,
  },
};

/** A document that passed the schema, as it is stored: only the keys the schema knows. */
export type RichTextNode = {
  readonly type: string;
  readonly attrs?: Readonly<Record<string, unknown>>;
  readonly content?: readonly RichTextNode[];
  readonly marks?: readonly { readonly type: string; readonly attrs?: Readonly<Record<string, unknown>> }[];
  readonly text?: string;
};

export type CheckedRichText = {
  /** The canonical JSON text to store. */
  readonly body: string;
  readonly doc: RichTextNode;
  /** Ids of the people mentioned, each once, in order of first mention. */
  readonly mentions: readonly number[];
  /** The words, for previews, notifications and the moderators' content view. */
  readonly text: string;
};

const invalid = (field: string, message: string = richTextMessages.invalid, code = 'POST.BODY_INVALID') =>
  DomainError.validation(code, { [field]: message }, message);

/** Deepest nesting of JSON arrays and objects in a text, counted outside strings, without parsing. */
export const jsonDepth = (text: string): number => {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) deepest = Math.max(deepest, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return deepest;
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Plain text (spec §3: a body that is not a document) wrapped as one, a paragraph a line. */
export const wrapPlainText = (text: string): RichTextNode => ({
  type: 'doc',
  content: text
    .split(/\r\n|\r|\n/)
    .map((line) => (line.length > 0 ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
});

const checkAttrs = (
  given: unknown,
  allowed: Readonly<Record<string, (value: unknown) => boolean>>,
  field: string,
): Record<string, unknown> | undefined => {
  if (given === undefined || given === null) return undefined;
  if (!isRecord(given)) throw invalid(field);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(given)) {
    const check = allowed[key];
    if (!check || !check(value)) throw invalid(field);
    kept[key] = value;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
};

type Frame = {
  readonly source: Record<string, unknown>;
  readonly out: { content?: RichTextNode[] };
  readonly parent: string | null;
};

/**
 * Checks a post body against the editor's schema and answers it as it is stored. A body that is
 * not JSON, or JSON that is not an object, is plain text and is wrapped (spec §3); JSON that claims
 * to be a document must be one the editor could have written.
 */
export const checkRichText = (input: string, field = 'body'): CheckedRichText => {
  if (typeof input !== 'string') throw invalid(field);
  if (input.includes('\u0000')) throw invalid(field);
  if (input.length > RICH_TEXT_LIMITS.maxLength) throw invalid(field, richTextMessages.tooLong, 'POST.BODY_TOO_LONG');
  const trimmed = input.trim();
  let source: unknown;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    if (jsonDepth(trimmed) > RICH_TEXT_LIMITS.maxDepth) throw invalid(field, richTextMessages.tooDeep, 'POST.BODY_TOO_DEEP');
    try {
      source = JSON.parse(trimmed);
    } catch {
      source = undefined;
    }
  }
  const root: RichTextNode = isRecord(source) ? checkDocument(source, field) : wrapPlainText(input);
  const mentions: number[] = [];
  const words: string[] = [];
  collect(root, mentions, words);
  if (mentions.length > RICH_TEXT_LIMITS.maxMentions)
    throw invalid(field, richTextMessages.tooManyMentions, 'POST.TOO_MANY_MENTIONS');
  const text = words
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
  if (text.length === 0 && mentions.length === 0) throw invalid(field, richTextMessages.empty, 'POST.EMPTY');
  return { body: JSON.stringify(root), doc: root, mentions, text };
};

const checkDocument = (source: Record<string, unknown>, field: string): RichTextNode => {
  if (source['type'] !== 'doc') throw invalid(field);
  const root: { type: string; content?: RichTextNode[] } = { type: 'doc' };
  const stack: Frame[] = [{ source, out: root, parent: null }];
  let nodes = 0;
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const type = frame.source['type'];
    const rule = typeof type === 'string' ? nodeRules[type] : undefined;
    if (!rule || typeof type !== 'string') throw invalid(field);
    if (++nodes > RICH_TEXT_LIMITS.maxNodes) throw invalid(field, richTextMessages.tooManyNodes, 'POST.BODY_TOO_LARGE');
    for (const key of Object.keys(frame.source)) {
      if (!['type', 'attrs', 'content', 'marks', 'text'].includes(key)) throw invalid(field);
    }
    const out = frame.out as { attrs?: Record<string, unknown>; marks?: RichTextNode['marks']; text?: string };
    const attrs = checkAttrs(frame.source['attrs'], rule.attrs, field);
    if (attrs) out.attrs = attrs;
    if (type === 'mention' && attrs?.['id'] === undefined) throw invalid(field);
    const text = frame.source['text'];
    if (type === 'text') {
      if (typeof text !== 'string' || text.length === 0) throw invalid(field);
      out.text = text;
      const marks = frame.source['marks'];
      if (marks !== undefined) {
        if (!Array.isArray(marks) || marks.length > 10 || frame.parent === 'codeBlock') throw invalid(field);
        out.marks = marks.map((mark: unknown) => {
          if (!isRecord(mark) || typeof mark['type'] !== 'string') throw invalid(field);
          const allowed = markRules[mark['type']];
          if (!allowed) throw invalid(field);
          for (const key of Object.keys(mark)) if (key !== 'type' && key !== 'attrs') throw invalid(field);
          if (mark['type'] === 'link' && (!isRecord(mark['attrs']) || !isSafeLink(mark['attrs']['href'])))
            throw invalid(field, richTextMessages.badLink, 'POST.LINK_NOT_ALLOWED');
          let markAttrs: Record<string, unknown> | undefined;
          try {
            markAttrs = checkAttrs(mark['attrs'], allowed, field);
          } catch (error) {
            if (mark['type'] === 'link') throw invalid(field, richTextMessages.badLink, 'POST.LINK_NOT_ALLOWED');
            throw error;
          }
          return markAttrs ? { type: mark['type'], attrs: markAttrs } : { type: mark['type'] };
        });
      }
    } else if (text !== undefined || frame.source['marks'] !== undefined) throw invalid(field);
    const content = frame.source['content'];
    if (content === undefined) continue;
    if (!rule.children || !Array.isArray(content)) throw invalid(field);
    const children: RichTextNode[] = [];
    (frame.out as { content?: RichTextNode[] }).content = children;
    // Pushed in reverse so the stack visits them in order (the order only matters for errors).
    for (let i = content.length - 1; i >= 0; i--) {
      const child: unknown = content[i];
      if (!isRecord(child) || typeof child['type'] !== 'string' || !rule.children.has(child['type'])) throw invalid(field);
      const childOut = { type: child['type'] } as RichTextNode;
      children.unshift(childOut);
      stack.push({ source: child, out: childOut as { content?: RichTextNode[] }, parent: type });
    }
  }
  return root;
};

const blockEnds = new Set(['paragraph', 'heading', 'codeBlock', 'listItem', 'blockquote']);

/** The mentioned ids and the words of a checked document, iteratively. */
const collect = (root: RichTextNode, mentions: number[], words: string[]): void => {
  const stack: (RichTextNode | '\n')[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node === '\n') {
      words.push('\n');
      continue;
    }
    if (node.type === 'text' && node.text) words.push(node.text);
    else if (node.type === 'hardBreak') words.push('\n');
    else if (node.type === 'mention') {
      const id = Number(node.attrs?.['id']);
      if (!mentions.includes(id)) mentions.push(id);
      const label = node.attrs?.['label'];
      words.push(`@${typeof label === 'string' ? label : id}`);
    }
    if (blockEnds.has(node.type)) stack.push('\n');
    const content = node.content ?? [];
    for (let i = content.length - 1; i >= 0; i--) stack.push(content[i]!);
  }
};
