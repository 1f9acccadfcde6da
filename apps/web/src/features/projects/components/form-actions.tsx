import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, type Blocker } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';

/** The delete button of a form editing something that exists, and the question it asks first. */
export type FormDeletion = {
  readonly label: string;
  readonly title: string;
  readonly text: string;
  readonly confirmLabel: string;
  /** While the delete runs. */
  readonly busy: boolean;
  /** Runs the delete; `close` shuts the question when it has succeeded or failed. */
  readonly onConfirm: (close: () => void) => void;
};

type FormActionsProps = {
  readonly submitLabel: string;
  readonly cancelLabel: string;
  readonly cancelHref: string;
  /** While the save runs: submit and delete wait. */
  readonly saving: boolean;
  /** Null when the form adds something new (no delete button). */
  readonly deletion: FormDeletion | null;
  /** From useUnsavedChanges: leaving with changes asks first (spec §4). */
  readonly blocker: Blocker;
  readonly sx?: SxProps<Theme>;
};

/**
 * A form's last row (spec §2 project form, project update form): delete on the left when editing, cancel
 * and save on the right (stacked under 600 px, save first), with the delete confirmation and the
 * unsaved-changes question.
 */
export const FormActions = ({ submitLabel, cancelLabel, cancelHref, saving, deletion, blocker, sx }: FormActionsProps) => {
  const { t } = useTranslation();
  const [confirmDelete, setConfirmDelete] = useState(false);
  return (
    <>
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={[{ justifyContent: 'space-between' }, ...(Array.isArray(sx) ? sx : [sx])]}
      >
        <div>
          {deletion ? (
            <Button color="error" variant="outlined" onClick={() => setConfirmDelete(true)} disabled={saving}>
              {deletion.label}
            </Button>
          ) : null}
        </div>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button component={RouterLink} to={cancelHref}>
            {cancelLabel}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {submitLabel}
          </Button>
        </Stack>
      </Stack>
      {deletion ? (
        <ConfirmDialog
          open={confirmDelete}
          title={deletion.title}
          confirmLabel={deletion.confirmLabel}
          cancelLabel={cancelLabel}
          destructive
          busy={deletion.busy}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => deletion.onConfirm(() => setConfirmDelete(false))}
        >
          {deletion.text}
        </ConfirmDialog>
      ) : null}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={t('unsavedChanges.title')}
        confirmLabel={t('unsavedChanges.leave')}
        cancelLabel={t('unsavedChanges.stay')}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
      >
        {t('unsavedChanges.text')}
      </ConfirmDialog>
    </>
  );
};
