import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Editor } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import type { SuggestionKeyDownProps, SuggestionProps } from '@tiptap/suggestion';
import type { RichTextNode } from '@groundtruth/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { searchMentionables, type Mentionable } from '../api/mentionables';
import { isEmptyEntry, readPostBody, toStoredDoc } from '../utils/post-doc';
import { editorExtensions } from './editor-extensions';

export type CommentEditorProps = {
  /** The stored body to start from (an edit). */
  readonly initialBody?: string;
  /** Names the text area for screen readers. */
  readonly label: string;
  readonly placeholder?: string;
  readonly saveLabel: string;
  /** Saves the entry (JSON text); answers whether it was saved, so the editor empties itself. */
  readonly onSubmit: (body: string) => Promise<boolean>;
  /** An edit: Escape and the cancel button leave it. */
  readonly onCancel?: () => void;
  readonly busy?: boolean;
  readonly autoFocus?: boolean;
};

type Suggesting = {
  readonly items: readonly Mentionable[];
  readonly rect: (() => DOMRect | null) | null;
  readonly command: (item: { id: string; label: string }) => void;
  readonly query: string;
};

/**
 * The discussion editor (spec §4 Comment, §5): tiptap with the schema the server checks (StarterKit,
 * links limited to http(s)/mailto, mentions stored as the user's id). Enter saves, Shift-Enter adds a
 * line, an empty entry is not saved; `@` searches the people one may mention, only once a letter is typed.
 */
const CommentEditor = ({
  initialBody,
  label,
  placeholder,
  saveLabel,
  onSubmit,
  onCancel,
  busy = false,
  autoFocus = false,
}: CommentEditorProps) => {
  const { t } = useTranslation();
  const listId = useId();
  const hintId = useId();
  const placeholderId = useId();
  const optionId = (item: Mentionable) => `${listId}-option-${item.id}`;
  const [suggesting, setSuggesting] = useState<Suggesting | null>(null);
  const [active, setActive] = useState(0);
  const [empty, setEmpty] = useState(false);
  // The placeholder shows while nothing is written.
  const [blank, setBlank] = useState(!initialBody);
  // The suggestion plugin and the keymap read these outside React's render.
  const suggestingRef = useRef<Suggesting | null>(null);
  const activeRef = useRef(0);
  const submitRef = useRef<() => void>(() => undefined);
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  const show = (next: Suggesting | null) => {
    suggestingRef.current = next;
    setSuggesting(next);
    activeRef.current = 0;
    setActive(0);
  };
  const choose = (item: Mentionable | undefined) => {
    const open = suggestingRef.current;
    if (!item || !open) return;
    open.command({ id: String(item.id), label: item.name });
  };

  const editor = useEditor({
    extensions: editorExtensions(
      {
        char: '@',
        // Spec §5: people are looked up only for a non-empty query.
        items: async ({ query }) => {
          try {
            return (await searchMentionables(query)).slice(0, 8);
          } catch {
            return [];
          }
        },
        render: () => ({
          onStart: (props: SuggestionProps<Mentionable>) =>
            show({ items: props.items, rect: props.clientRect ?? null, command: props.command, query: props.query }),
          onUpdate: (props: SuggestionProps<Mentionable>) =>
            show({ items: props.items, rect: props.clientRect ?? null, command: props.command, query: props.query }),
          onKeyDown: ({ event }: SuggestionKeyDownProps) => {
            const open = suggestingRef.current;
            if (!open || open.items.length === 0) return false;
            if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
              const step = event.key === 'ArrowDown' ? 1 : -1;
              activeRef.current = (activeRef.current + step + open.items.length) % open.items.length;
              setActive(activeRef.current);
              return true;
            }
            if (event.key === 'Enter' || event.key === 'Tab') {
              choose(open.items[activeRef.current]);
              return true;
            }
            if (event.key === 'Escape') {
              show(null);
              return true;
            }
            return false;
          },
          onExit: () => show(null),
        }),
      },
      {
        onEnter: () => {
          if (suggestingRef.current && suggestingRef.current.items.length > 0) return false;
          submitRef.current();
          return true;
        },
        onEscape: () => {
          if (!cancelRef.current) return false;
          cancelRef.current();
          return true;
        },
      },
    ),
    content: initialBody ? (readPostBody(initialBody) as object) : '',
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      // The editable combobox of WAI-ARIA 1.2 (the `@` list pops up from it): aria-expanded,
      // aria-controls and aria-activedescendant follow the list (the effect below).
      attributes: {
        role: 'combobox',
        'aria-label': label,
        'aria-autocomplete': 'list',
        'aria-haspopup': 'listbox',
        // aria-placeholder is for textboxes only: the placeholder describes the combobox instead.
        'aria-describedby': placeholder ? `${placeholderId} ${hintId}` : hintId,
      },
    },
    onUpdate: ({ editor: e }) => {
      setEmpty(false);
      setBlank(e.isEmpty);
    },
  });

  const submit = (e: Editor | null = editor) => {
    if (!e || busy) return;
    const doc = toStoredDoc(e.getJSON()) as RichTextNode;
    // Spec §5: an empty entry is not saved.
    if (isEmptyEntry(doc)) {
      setEmpty(true);
      return;
    }
    void onSubmit(JSON.stringify(doc)).then((saved) => {
      if (saved && !initialBody) e.commands.clearContent(true);
    });
  };
  submitRef.current = () => submit();

  // Set on the editor's own element, outside the attributes ProseMirror manages, as the list opens,
  // moves and closes: the reader hears the person the arrows are on while the caret stays in the text.
  const listShown = suggesting !== null && suggesting.items.length > 0;
  const activeItem = listShown ? suggesting.items[active] : undefined;
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    dom.setAttribute('aria-expanded', String(listShown));
    if (listShown) dom.setAttribute('aria-controls', listId);
    else dom.removeAttribute('aria-controls');
    if (activeItem) dom.setAttribute('aria-activedescendant', `${listId}-option-${activeItem.id}`);
    else dom.removeAttribute('aria-activedescendant');
  }, [editor, listShown, activeItem, listId]);

  const anchor = suggesting?.rect
    ? { getBoundingClientRect: () => suggesting.rect?.() ?? new DOMRect(0, 0, 0, 0), nodeType: 1 as const }
    : null;

  return (
    <Stack spacing={1}>
      <Box
        sx={{
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1.5,
          py: 1,
          '&:focus-within': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
          '& .ProseMirror': { minHeight: 40, outline: 'none', overflowWrap: 'anywhere' },
          '& .ProseMirror p': { my: 0.25 },
          '& .ProseMirror ul, & .ProseMirror ol': { pl: 3, my: 0.5 },
          '& .ProseMirror .mention': { color: 'primary.main', fontWeight: 500 },
          position: 'relative',
        }}
      >
        {placeholder && blank && (
          <Typography
            id={placeholderId}
            aria-hidden
            variant="body1"
            color="text.disabled"
            sx={{ position: 'absolute', top: 8, left: 12, pointerEvents: 'none', my: 0.25 }}
          >
            {placeholder}
          </Typography>
        )}
        <EditorContent editor={editor} />
      </Box>
      {empty && (
        <Typography variant="caption" color="text.secondary" role="status">
          {t('discussion.emptyEntry')}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ flex: 1 }}>
          {t('discussion.editorHint')}
        </Typography>
        {onCancel && (
          <Button size="small" onClick={onCancel} disabled={busy}>
            {t('discussion.cancel')}
          </Button>
        )}
        <Button size="small" variant="contained" onClick={() => submit()} disabled={busy}>
          {saveLabel}
        </Button>
      </Stack>
      <Popper open={anchor !== null && suggesting !== null} anchorEl={anchor} placement="bottom-start" sx={{ zIndex: 1500 }}>
        <Paper elevation={4}>
          {suggesting && suggesting.items.length === 0 ? (
            <Typography variant="body2" sx={{ p: 1.5 }} color="text.secondary">
              {suggesting.query.trim() === '' ? t('discussion.mentionTypeName') : t('discussion.mentionNone')}
            </Typography>
          ) : (
            <List dense id={listId} role="listbox" aria-label={t('discussion.mentionList')}>
              {(suggesting?.items ?? []).map((item, i) => (
                <ListItemButton
                  key={item.id}
                  id={optionId(item)}
                  tabIndex={-1}
                  role="option"
                  aria-selected={i === active}
                  selected={i === active}
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(item);
                  }}
                >
                  {item.name}
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      </Popper>
    </Stack>
  );
};

export default CommentEditor;
