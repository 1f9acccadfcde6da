import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Station } from '@groundtruth/contracts';
import { STATION_DESCRIPTION_MAX } from '@groundtruth/domain';
import { useSnackbar } from '@/components/snackbar';
import { useUpdateStationDescription } from '../api/update-station';
import { isApiError } from '@/lib/api-client';

/**
 * Spec §2, §4: the station's description, editable unless the station is read-only. Saving shows the
 * new text at once; a failure puts the old text back and says so (spec §8: somethingWentWrong).
 */
export const EditableDescription = ({ station, headingId }: { readonly station: Station; readonly headingId: string }) => {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const mutation = useUpdateStationDescription(station.id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(station.description);
  // While a save is under way the page shows what was written; a failure reverts to the stored text.
  const [pending, setPending] = useState<string | null>(null);
  const shown = pending ?? station.description;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    setEditing(false);
    if (text === station.description) return;
    setPending(text);
    mutation.mutate(text, {
      onSuccess: () => snackbar(t('station.descriptionUpdateSuccess'), 'success'),
      onError: (error) =>
        snackbar(isApiError(error) && error.isConflict ? t('conflict.notSaved') : t('station.somethingWentWrong'), 'fail'),
      onSettled: () => setPending(null),
    });
  };

  if (editing) {
    return (
      <Box component="form" onSubmit={submit} noValidate aria-label={t('station.page.editDescription')}>
        <TextField
          label={t('station.page.descriptionField')}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: STATION_DESCRIPTION_MAX } }}
        />
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button type="submit" variant="contained" size="small">
            {t('station.page.save')}
          </Button>
          <Button type="button" size="small" onClick={() => setEditing(false)}>
            {t('station.page.cancel')}
          </Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Typography
        variant="body1"
        aria-labelledby={headingId}
        color={shown ? 'text.primary' : 'text.secondary'}
        sx={{ flex: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        data-testid="station-description"
      >
        {shown || t('station.page.noDescription')}
      </Typography>
      {station.readOnly ? null : (
        <Button
          size="small"
          startIcon={<EditIcon aria-hidden />}
          disabled={mutation.isPending}
          onClick={() => {
            setDraft(station.description);
            setEditing(true);
          }}
        >
          {t('station.page.editDescription')}
        </Button>
      )}
    </Stack>
  );
};
