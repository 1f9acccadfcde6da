import { DomainError } from '../kernel/domain-error.js';
import { hasUnsavableText, noteMessages } from './station-notes.rules.js';

/** Field notes are rich text (a tiptap document as JSON text); this bounds the stored text. */
export const FIELD_NOTE_BODY_MAX = 100_000;

export const fieldNoteMessages = {
  empty: "There's nothing to save.",
  tooLong: `A field note holds at most ${FIELD_NOTE_BODY_MAX} characters.`,
  notFound: 'This field note does not exist.',
} as const;

/** Nodes that only shape text; a document made of these alone, without text, says nothing. */
const structural = new Set([
  'doc',
  'paragraph',
  'text',
  'hardBreak',
  'heading',
  'blockquote',
  'bulletList',
  'orderedList',
  'listItem',
  'codeBlock',
  'horizontalRule',
]);

type RichNode = { readonly type?: unknown; readonly text?: unknown; readonly content?: unknown };

const hasContent = (node: RichNode): boolean => {
  if (typeof node.type === 'string' && !structural.has(node.type)) return true; // a mention, an image, …
  if (typeof node.text === 'string' && node.text.trim().length > 0) return true;
  return (
    Array.isArray(node.content) && (node.content as unknown[]).some((c) => typeof c === 'object' && c !== null && hasContent(c))
  );
};

/**
 * Whether a field note body says something (spec §4/§5: an empty note cannot be saved). The body
 * is a rich-text document as JSON text; anything that is not such a document counts as plain text.
 */
export const isEmptyRichText = (body: string): boolean => {
  const text = body.trim();
  if (text.length === 0) return true;
  if (!text.startsWith('{')) return false;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return false;
  }
  if (typeof doc !== 'object' || doc === null || (doc as RichNode).type !== 'doc') return false;
  return !hasContent(doc as RichNode);
};

export const assertFieldNoteBody = (body: string): void => {
  if (isEmptyRichText(body))
    throw DomainError.validation('FIELD_NOTE.EMPTY', { body: fieldNoteMessages.empty }, fieldNoteMessages.empty);
  if (body.length > FIELD_NOTE_BODY_MAX) {
    throw DomainError.validation('FIELD_NOTE.TOO_LONG', { body: fieldNoteMessages.tooLong }, fieldNoteMessages.tooLong);
  }
  if (hasUnsavableText(body)) {
    throw DomainError.validation('FIELD_NOTE.UNSAVABLE', { body: noteMessages.unsavable }, noteMessages.unsavable);
  }
};
