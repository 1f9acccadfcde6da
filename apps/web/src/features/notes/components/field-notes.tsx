import { FieldNote } from '@groundtruth/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { useSnackbar } from '@/components/snackbar';
import { visuallyHidden } from '@/components/visually-hidden';
import { paths } from '@/config/paths';
import { useToken } from '@/lib/auth/session';
import { useFieldNoteMutations, useFieldNotes } from '../api/field-notes';
import { formatDateTime } from '@/lib/format';
import { isBlankRichText, sameRichText } from '../utils/rich-text';
import { FieldNotesExport } from './field-notes-export';
import { FieldNotesList } from './field-notes-list';
import { LoadingBlock } from '@/components/loading-block';
import { isApiError } from '@/lib/api-client';

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

type Editing = { readonly note: FieldNote; readonly body: string };

type FieldNotesProps = {
  readonly stationId: number;
  readonly stationName?: string;
  readonly headingLevel?: 3 | 4;
};

/**
 * Spec §2 Field notes of a station: a rich-text form to add one (signed-out visitors are asked to log
 * in instead), the notes grouped by month with counts, edit and delete of one's own; one edit at a
 * time; an empty note is refused; cancelling a changed edit and deleting ask first.
 */
export const FieldNotes = ({ stationId, stationName, headingLevel = 3 }: FieldNotesProps) => {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const location = useLocation();
  const signedIn = useToken() !== null;
  const query = useFieldNotes(stationId);
  const { save, remove } = useFieldNoteMutations(stationId);
  const newId = useId();
  const [draft, setDraft] = useState('');
  const [draftKey, setDraftKey] = useState(0);
  const [draftError, setDraftError] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [editError, setEditError] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [deleting, setDeleting] = useState<FieldNote | null>(null);

  const add = () => {
    if (editing) {
      snackbar(t('fieldNotes.finishEditing'), 'fail');
      return;
    }
    if (isBlankRichText(draft)) {
      setDraftError(true);
      return;
    }
    save.mutate(
      { body: draft },
      {
        onSuccess: () => {
          setDraft('');
          setDraftKey((k) => k + 1);
          snackbar(t('fieldNotes.added'), 'success');
        },
        onError: () => snackbar(t('fieldNotes.failed'), 'fail'),
      },
    );
  };

  const startEdit = (note: FieldNote) => {
    if (editing && editing.note.id !== note.id) {
      snackbar(t('fieldNotes.finishEditing'), 'fail');
      return;
    }
    setEditError(false);
    setEditing({ note, body: note.body });
  };

  const saveEdit = () => {
    if (!editing) return;
    if (isBlankRichText(editing.body)) {
      setEditError(true);
      return;
    }
    if (sameRichText(editing.body, editing.note.body)) {
      setEditing(null);
      return;
    }
    save.mutate(
      { body: editing.body, edit: { noteId: editing.note.id, version: editing.note.version } },
      {
        onSuccess: () => {
          setEditing(null);
          snackbar(t('fieldNotes.saved'), 'success');
        },
        onError: (error) => {
          if (isApiError(error) && error.isConflict) {
            // Someone changed the note since it was opened: nothing was saved; the edit stays open on
            // the newer note, so saving again replaces it knowingly.
            const current = FieldNote.safeParse(error.current);
            if (current.success) setEditing((open) => (open ? { ...open, note: current.data } : open));
            snackbar(t('conflict.notSaved'), 'fail');
          } else snackbar(t('fieldNotes.failed'), 'fail');
        },
      },
    );
  };

  const cancelEdit = () => {
    if (editing && !sameRichText(editing.body, editing.note.body)) setConfirmCancel(true);
    else setEditing(null);
  };

  const confirmDelete = () => {
    const note = deleting;
    setDeleting(null);
    if (!note) return;
    remove.mutate(note.id, {
      onSuccess: () => {
        if (editing?.note.id === note.id) setEditing(null);
        snackbar(t('fieldNotes.deleted'), 'success');
      },
      onError: () => snackbar(t('fieldNotes.failed'), 'fail'),
    });
  };

  const form = signedIn ? (
    <Box component="form" aria-label={t('fieldNotes.newNote')} onSubmit={(e) => (e.preventDefault(), add())} noValidate>
      <Suspense fallback={<EditorLoading />}>
        <FieldNoteEditor
          key={draftKey}
          label={t('fieldNotes.editorLabel')}
          onChange={(body) => {
            setDraft(body);
            setDraftError(false);
          }}
          invalid={draftError}
          describedBy={draftError ? `${newId}-error` : undefined}
        />
      </Suspense>
      {draftError ? (
        <FormHelperText id={`${newId}-error`} error role="alert">
          {t('fieldNotes.nothingToSave')}
        </FormHelperText>
      ) : null}
      <Button type="submit" variant="contained" size="small" sx={{ mt: 1 }} disabled={save.isPending && !editing}>
        {t('fieldNotes.add')}
      </Button>
    </Box>
  ) : (
    <Alert severity="info">
      {t('fieldNotes.loginPrompt')}{' '}
      <Link component={RouterLink} to={paths.login.getHref({ after: `${location.pathname}${location.search}` })}>
        {t('fieldNotes.login')}
      </Link>
    </Alert>
  );

  let list;
  if (query.isPending) {
    list = (
      <LoadingBlock label={t('fieldNotes.loading')}>
        <Skeleton aria-hidden />
        <Skeleton width="80%" aria-hidden />
      </LoadingBlock>
    );
  } else if (query.isError) {
    list = <ErrorState message={t('fieldNotes.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  } else if (query.data.length === 0) {
    list = <EmptyState dense>{t('fieldNotes.empty')}</EmptyState>;
  } else {
    list = (
      <FieldNotesList
        notes={query.data}
        headingLevel={headingLevel}
        renderActions={(note) =>
          note.canEdit || note.canDelete ? (
            <Stack direction="row">
              {note.canEdit ? (
                <IconButton
                  size="small"
                  aria-label={t('fieldNotes.editNote', { date: formatDateTime(note.createdAt) })}
                  onClick={() => startEdit(note)}
                  disabled={editing?.note.id === note.id}
                >
                  <EditIcon fontSize="small" />
                </IconButton>
              ) : null}
              {note.canDelete ? (
                <IconButton
                  size="small"
                  aria-label={t('fieldNotes.deleteNote', { date: formatDateTime(note.createdAt) })}
                  onClick={() => setDeleting(note)}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              ) : null}
            </Stack>
          ) : null
        }
        renderBody={(note) =>
          editing?.note.id === note.id ? (
            <Box
              component="form"
              aria-label={t('fieldNotes.editNote', { date: formatDateTime(note.createdAt) })}
              onSubmit={(e) => (e.preventDefault(), saveEdit())}
              noValidate
              sx={{ mt: 1 }}
            >
              <Suspense fallback={<EditorLoading />}>
                <FieldNoteEditor
                  initialBody={note.body}
                  label={t('fieldNotes.editNoteLabel')}
                  autoFocus
                  onChange={(body) => {
                    setEditing((e) => (e ? { ...e, body } : e));
                    setEditError(false);
                  }}
                  invalid={editError}
                  describedBy={editError ? `${newId}-edit-error` : undefined}
                />
              </Suspense>
              {editError ? (
                <FormHelperText id={`${newId}-edit-error`} error role="alert">
                  {t('fieldNotes.nothingToSave')}
                </FormHelperText>
              ) : null}
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
                  {t('fieldNotes.save')}
                </Button>
                <Button type="button" size="small" onClick={cancelEdit}>
                  {t('fieldNotes.cancel')}
                </Button>
              </Stack>
            </Box>
          ) : null
        }
      />
    );
  }

  return (
    <Stack spacing={2}>
      {form}
      {list}
      {query.data && query.data.length > 0 ? (
        <FieldNotesExport notes={query.data} stationName={stationName ?? String(stationId)} />
      ) : null}
      <ConfirmDialog
        open={confirmCancel}
        title={t('fieldNotes.sureCancelTitle')}
        confirmLabel={t('fieldNotes.discard')}
        cancelLabel={t('fieldNotes.keepEditing')}
        onConfirm={() => {
          setConfirmCancel(false);
          setEditing(null);
        }}
        onCancel={() => setConfirmCancel(false)}
        destructive
      >
        {t('fieldNotes.sureCancel')}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('fieldNotes.sureDeleteTitle')}
        confirmLabel={t('fieldNotes.confirmDelete')}
        cancelLabel={t('fieldNotes.cancel')}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
        destructive
      >
        {t('fieldNotes.sureDelete')}
      </ConfirmDialog>
    </Stack>
  );
};
