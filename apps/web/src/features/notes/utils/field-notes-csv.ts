import { parseRichText, richTextToPlain } from './rich-text';

type ExportedNote = {
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly author: { readonly name: string };
  readonly body: string;
};

const cell = (text: string): string => {
  // A leading =, +, - or @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Field notes as CSV: created and updated (ISO 8601, UTC), author, the text without formatting. */
export const fieldNotesCsv = (notes: readonly ExportedNote[]): string =>
  [
    'created_at,updated_at,author,text',
    ...notes.map((n) => [n.createdAt, n.updatedAt, n.author.name, richTextToPlain(parseRichText(n.body))].map(cell).join(',')),
  ].join('\r\n') + '\r\n';
