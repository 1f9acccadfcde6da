import FormatBoldIcon from '@mui/icons-material/FormatBold';
import FormatItalicIcon from '@mui/icons-material/FormatItalic';
import FormatListBulletedIcon from '@mui/icons-material/FormatListBulleted';
import FormatListNumberedIcon from '@mui/icons-material/FormatListNumbered';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { parseRichText } from '../utils/rich-text';

export type FieldNoteEditorProps = {
  /** The stored body to start from (a tiptap document as JSON text, or plain text). */
  readonly initialBody?: string;
  /** Names the text area for screen readers. */
  readonly label: string;
  /** The document as JSON text, after each change. */
  readonly onChange: (body: string) => void;
  readonly autoFocus?: boolean;
  readonly invalid?: boolean;
  readonly describedBy?: string;
};

/**
 * The field-note editor (spec §2: rich text, stored as the tiptap JSON document). Loaded on demand:
 * pages that only show notes draw them without the editor (RichTextView).
 */
const FieldNoteEditor = ({
  initialBody,
  label,
  onChange,
  autoFocus = false,
  invalid = false,
  describedBy,
}: FieldNoteEditorProps) => {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: false, codeBlock: false, horizontalRule: false, link: false, underline: false }),
    ],
    content: initialBody ? (parseRichText(initialBody) as object) : '',
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(JSON.stringify(e.getJSON())),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? [
            ...(e.isActive('bold') ? ['bold'] : []),
            ...(e.isActive('italic') ? ['italic'] : []),
            ...(e.isActive('bulletList') ? ['bulletList'] : []),
            ...(e.isActive('orderedList') ? ['orderedList'] : []),
          ]
        : [],
  });

  const run = (name: string) => {
    const chain = editor.chain().focus();
    if (name === 'bold') chain.toggleBold().run();
    else if (name === 'italic') chain.toggleItalic().run();
    else if (name === 'bulletList') chain.toggleBulletList().run();
    else if (name === 'orderedList') chain.toggleOrderedList().run();
  };

  return (
    <Box
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        '&:focus-within': { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 1px ${theme.palette.primary.main}` },
      }}
    >
      <ToggleButtonGroup
        size="small"
        value={active ?? []}
        aria-label={t('fieldNotes.toolbar')}
        sx={{ p: 0.5, borderBottom: 1, borderColor: 'divider', width: '100%', borderRadius: 0 }}
      >
        {(
          [
            ['bold', FormatBoldIcon, t('fieldNotes.bold')],
            ['italic', FormatItalicIcon, t('fieldNotes.italic')],
            ['bulletList', FormatListBulletedIcon, t('fieldNotes.bulletList')],
            ['orderedList', FormatListNumberedIcon, t('fieldNotes.orderedList')],
          ] as const
        ).map(([name, Icon, text]) => (
          <ToggleButton key={name} value={name} aria-label={text} title={text} onClick={() => run(name)} sx={{ border: 0 }}>
            <Icon fontSize="small" />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          '& .ProseMirror': { minHeight: 72, outline: 'none', overflowWrap: 'anywhere' },
          '& .ProseMirror p': { my: 0.5 },
          '& .ProseMirror ul, & .ProseMirror ol': { pl: 3, my: 0.5 },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
};

export default FieldNoteEditor;
