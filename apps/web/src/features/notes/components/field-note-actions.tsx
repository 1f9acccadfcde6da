import type { FieldNote } from '@groundtruth/contracts';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

type FieldNoteActionsProps = {
  readonly note: FieldNote;
  /** This note is the one being edited. */
  readonly editing: boolean;
  readonly onEdit: (note: FieldNote) => void;
  readonly onDelete: (note: FieldNote) => void;
};

/** Edit and delete of a field note, each shown to those who may (the answer's canEdit, canDelete). */
export const FieldNoteActions = ({ note, editing, onEdit, onDelete }: FieldNoteActionsProps) => {
  const { t } = useTranslation();
  if (!note.canEdit && !note.canDelete) return null;
  return (
    <Stack direction="row">
      {note.canEdit ? (
        <IconButton
          size="small"
          aria-label={t('fieldNotes.editNote', { date: formatDateTime(note.createdAt) })}
          onClick={() => onEdit(note)}
          disabled={editing}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      ) : null}
      {note.canDelete ? (
        <IconButton
          size="small"
          aria-label={t('fieldNotes.deleteNote', { date: formatDateTime(note.createdAt) })}
          onClick={() => onDelete(note)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      ) : null}
    </Stack>
  );
};
