import { checkRichText, wrapPlainText, type RichTextNode } from '@groundtruth/domain';

/**
 * A stored body as a document the viewer may draw: it passes the editor's schema (the server's own
 * check, libs/domain rich-text), else its words are shown as plain text. Whatever the JSON holds,
 * nothing outside the schema reaches the page.
 */
export const readPostBody = (body: string): RichTextNode => {
  if (body.trim() === '') return { type: 'doc', content: [] };
  try {
    return checkRichText(body).doc;
  } catch {
    return wrapPlainText(body);
  }
};

/** Spec §5: an entry with no words and no mention is not saved. */
export const isEmptyEntry = (doc: RichTextNode): boolean => {
  const stack: RichTextNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'mention') return false;
    if (node.type === 'text' && (node.text ?? '').trim().length > 0) return false;
    for (const child of node.content ?? []) stack.push(child);
  }
  return true;
};

/** Spec §4: an edit counts as a change only when the content differs from the stored body. */
export const sameBody = (a: string, b: string): boolean => JSON.stringify(readPostBody(a)) === JSON.stringify(readPostBody(b));

/** The words of a body, for a title or an accessible name. */
export const plainWords = (body: string): string => {
  try {
    return checkRichText(body).text;
  } catch {
    return body;
  }
};

type EditorMark = { type?: string; attrs?: Record<string, unknown> };
type EditorJson = {
  type?: string;
  attrs?: Record<string, unknown>;
  content?: EditorJson[];
  marks?: EditorMark[];
  [key: string]: unknown;
};

const pick = (attrs: Record<string, unknown>, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => attrs[k] !== undefined).map((k) => [k, attrs[k]]));

/**
 * The editor's document as it is stored: the attributes the editor keeps for itself (the mention's
 * trigger character, a link's title, which our editor never sets) are left out, so what is sent is
 * exactly the schema the server checks (libs/domain rich-text).
 */
export const toStoredDoc = (json: EditorJson): EditorJson => {
  const out: EditorJson = { ...json };
  if (json.type === 'mention' && json.attrs) out.attrs = { id: json.attrs['id'], label: json.attrs['label'] ?? null };
  if (json.marks)
    out.marks = json.marks.map((mark) =>
      mark.type === 'link' && mark.attrs ? { type: 'link', attrs: pick(mark.attrs, ['href', 'target', 'rel', 'class']) } : mark,
    );
  if (json.content) out.content = json.content.map(toStoredDoc);
  return out;
};
