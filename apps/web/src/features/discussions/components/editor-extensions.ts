import { Extension, type AnyExtension } from '@tiptap/core';
import Mention from '@tiptap/extension-mention';
import StarterKit from '@tiptap/starter-kit';
import type { SuggestionOptions } from '@tiptap/suggestion';
import { isSafeLink } from '@groundtruth/domain';

export type EditorKeys = {
  /** Enter: saves (answers whether it took the key; a suggestion list open keeps it). */
  readonly onEnter: () => boolean;
  /** Escape: leaves an edit. */
  readonly onEscape: () => boolean;
};

/**
 * The discussion editor's extensions: exactly the schema the server checks (libs/domain rich-text:
 * StarterKit's nodes and marks, links to http(s) and mailto only, mentions by user id). Kept apart
 * from the component so a unit test holds the two schemas together.
 */
export const editorExtensions = (suggestion: Omit<SuggestionOptions, 'editor'> | null, keys: EditorKeys): AnyExtension[] => [
  StarterKit.configure({
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', isAllowedUri: (url) => isSafeLink(url) },
    undoRedo: { depth: 50 },
  }),
  Mention.configure({ HTMLAttributes: { class: 'mention' }, ...(suggestion ? { suggestion } : {}) }),
  Extension.create({
    name: 'enterSaves',
    addKeyboardShortcuts: () => ({ Enter: () => keys.onEnter(), Escape: () => keys.onEscape() }),
  }),
];
