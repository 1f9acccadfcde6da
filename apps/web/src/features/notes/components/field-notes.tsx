import { FieldNote } from '@groundtruth/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { useToken } from '@/lib/auth/session';
import { useFieldNoteMutations, useFieldNotes } from '../api/field-notes';
import { formatDateTime } from '@/lib/format';
import { isBlankRichText, sameRichText } from '../utils/rich-text';
import { FieldNoteActions } from './field-note-actions';
import { FieldNoteForm } from './field-note-form';
import { FieldNotesExport } from './field-notes-export';
import { FieldNotesList } from './field-notes-list';
import { LoadingBlock } from '@/components/loading-block';
import { isApiError } from '@/lib/api-client';

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
    <FieldNoteForm
      key={draftKey}
      name={t('fieldNotes.newNote')}
      label={t('fieldNotes.editorLabel')}
      onChange={(body) => {
        setDraft(body);
        setDraftError(false);
      }}
      onSubmit={add}
      empty={draftError}
      errorId={`${newId}-error`}
    >
      <Button type="submit" variant="contained" size="small" sx={{ mt: 1 }} disabled={save.isPending && !editing}>
        {t('fieldNotes.add')}
      </Button>
    </FieldNoteForm>
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
        renderActions={(note) => (
          <FieldNoteActions note={note} editing={editing?.note.id === note.id} onEdit={startEdit} onDelete={setDeleting} />
        )}
        renderBody={(note) =>
          editing?.note.id === note.id ? (
            <FieldNoteForm
              spaced
              name={t('fieldNotes.editNote', { date: formatDateTime(note.createdAt) })}
              label={t('fieldNotes.editNoteLabel')}
              initialBody={note.body}
              autoFocus
              onChange={(body) => {
                setEditing((e) => (e ? { ...e, body } : e));
                setEditError(false);
              }}
              onSubmit={saveEdit}
              empty={editError}
              errorId={`${newId}-edit-error`}
            >
              <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                <Button type="submit" variant="contained" size="small" disabled={save.isPending}>
                  {t('fieldNotes.save')}
                </Button>
                <Button type="button" size="small" onClick={cancelEdit}>
                  {t('fieldNotes.cancel')}
                </Button>
              </Stack>
            </FieldNoteForm>
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
