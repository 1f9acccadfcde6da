import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/visually-hidden';

const FieldNoteEditor = lazy(() => import('./field-note-editor'));

const EditorLoading = () => {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true">
      <Skeleton variant="rectangular" height={110} aria-hidden />
      <Typography sx={visuallyHidden} role="status">
        {t('fieldNotes.editorLoading')}
      </Typography>
    </Box>
  );
};

type FieldNoteFormProps = {
  /** The form's name, for assistive technology. */
  readonly name: string;
  /** The editor's label. */
  readonly label: string;
  readonly initialBody?: string;
  readonly autoFocus?: boolean;
  readonly onChange: (body: string) => void;
  readonly onSubmit: () => void;
  /** An empty note was refused: say so under the editor. */
  readonly empty: boolean;
  readonly errorId: string;
  /** The form's buttons. */
  readonly children: ReactNode;
  /** Set apart from what is above it (an edit, under its note's header). */
  readonly spaced?: boolean;
};

/** A field note's rich-text editor (loaded lazily), as the form to add one or to edit one. */
export const FieldNoteForm = ({
  name,
  label,
  initialBody,
  autoFocus = false,
  onChange,
  onSubmit,
  empty,
  errorId,
  children,
  spaced = false,
}: FieldNoteFormProps) => {
  const { t } = useTranslation();
  return (
    <Box
      component="form"
      aria-label={name}
      onSubmit={(e) => (e.preventDefault(), onSubmit())}
      noValidate
      {...(spaced ? { sx: { mt: 1 } } : {})}
    >
      <Suspense fallback={<EditorLoading />}>
        <FieldNoteEditor
          {...(initialBody !== undefined ? { initialBody } : {})}
          label={label}
          autoFocus={autoFocus}
          onChange={onChange}
          invalid={empty}
          describedBy={empty ? errorId : undefined}
        />
      </Suspense>
      {empty ? (
        <FormHelperText id={errorId} error role="alert">
          {t('fieldNotes.nothingToSave')}
        </FormHelperText>
      ) : null}
      {children}
    </Box>
  );
};
