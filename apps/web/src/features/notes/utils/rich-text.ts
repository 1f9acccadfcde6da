/** A node of a tiptap (ProseMirror) JSON document. */
export type RichNode = {
  readonly type: string;
  readonly text?: string;
  readonly content?: readonly RichNode[];
  readonly marks?: readonly { readonly type: string; readonly attrs?: Readonly<Record<string, unknown>> }[];
  readonly attrs?: Readonly<Record<string, unknown>>;
};

const isNode = (value: unknown): value is RichNode =>
  typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';

/** Plain text as a document: one paragraph per line. */
export const plainTextDoc = (text: string): RichNode => ({
  type: 'doc',
  content: text
    .split(/\r?\n/)
    .map((line) => ({ type: 'paragraph', ...(line ? { content: [{ type: 'text', text: line }] } : {}) })),
});

/**
 * A stored rich-text body as a document (spec §3: the rich-text document is stored as JSON text;
 * plain text is wrapped if it is not valid JSON). JSON that is not a document is taken as text too.
 */
export const parseRichText = (body: string): RichNode => {
  try {
    const parsed: unknown = JSON.parse(body);
    if (isNode(parsed) && parsed.type === 'doc') return parsed;
  } catch {
    // not JSON: plain text
  }
  return plainTextDoc(body);
};

/** The document's words, blocks separated by new lines. */
export const richTextToPlain = (node: RichNode): string => {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const inner = (node.content ?? []).map(richTextToPlain);
  const blocky = node.type === 'doc' || node.type === 'bulletList' || node.type === 'orderedList' || node.type === 'listItem';
  return inner.join(blocky ? '\n' : '');
};

/** Spec §5: an empty field note cannot be saved (only white space counts as empty). */
export const isBlankRichText = (body: string): boolean => richTextToPlain(parseRichText(body)).trim().length === 0;

/** Whether two bodies say the same (an edit that changes nothing is not a change). */
export const sameRichText = (a: string, b: string): boolean =>
  JSON.stringify(parseRichText(a)) === JSON.stringify(parseRichText(b));
