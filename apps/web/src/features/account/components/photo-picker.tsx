import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/visually-hidden';
import { PHOTO_TYPES, isPhotoType } from '../api/upload-user-photo';
import { UserAvatar } from '@/components/user-avatar';
import type { User } from '@groundtruth/contracts';

/** A chosen photo waiting for Save, with its preview as a data URL (allowed by the site's image policy, unlike blob:). */
export type ChosenPhoto = { readonly file: File; readonly preview: string };

const PREVIEW_SIZE = 96;

const readPreview = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no preview')));
    reader.onerror = () => reject(reader.error ?? new Error('no preview'));
    reader.readAsDataURL(file);
  });

type PhotoPickerProps = {
  readonly user: User;
  readonly chosen: ChosenPhoto | null;
  readonly onChoose: (photo: ChosenPhoto | null) => void;
  readonly error: string | null;
  readonly onError: (message: string | null) => void;
};

/** Spec §2 image uploader: one jpeg, png or gif, previewed before it is saved. */
export const PhotoPicker = ({ user, chosen, onChoose, error, onError }: PhotoPickerProps) => {
  const { t } = useTranslation();
  const inputId = 'profile-photo';
  const helpId = 'profile-photo-help';

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    // The FileList is live: copy it before clearing the input (so choosing the same file again still fires a change).
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    const file = files[0];
    if (files.length !== 1 || !file || !isPhotoType(file.type)) {
      onError(t('account.photo.wrongType'));
      return;
    }
    try {
      onError(null);
      onChoose({ file, preview: await readPreview(file) });
    } catch {
      onError(t('account.photo.wrongType'));
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {chosen ? (
        <Avatar src={chosen.preview} alt={t('account.photo.previewAlt')} sx={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE }} />
      ) : (
        <UserAvatar user={user} size={PREVIEW_SIZE} alt={user.photo ? t('account.photo.currentAlt') : ''} />
      )}
      <Box>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('account.photo.title')}
        </Typography>
        {/* A real file input, visually hidden but focusable, with a label drawn as a button: one control, no nesting. */}
        <Box
          component="input"
          id={inputId}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          aria-describedby={helpId}
          onChange={(event: ChangeEvent<HTMLInputElement>) => void onChange(event)}
          sx={(theme) => ({
            ...visuallyHidden,
            '&:focus-visible + label': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          })}
        />
        <Box
          component="label"
          htmlFor={inputId}
          sx={(theme) => ({
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
            mt: 0.5,
            px: 2,
            py: 0.75,
            border: `1px solid ${alpha(theme.palette.primary.main, 0.5)}`,
            borderRadius: 1,
            color: 'primary.main',
            fontSize: theme.typography.button.fontSize,
            fontWeight: 600,
            cursor: 'pointer',
            '&:hover': { borderColor: 'primary.main', bgcolor: alpha(theme.palette.primary.main, 0.04) },
          })}
        >
          <PhotoCameraIcon fontSize="small" aria-hidden />
          {chosen ? t('account.photo.chooseAnother') : t('account.photo.choose')}
        </Box>
        <FormHelperText id={helpId} error={error !== null} role={error ? 'alert' : undefined}>
          {error ?? (chosen ? t('account.photo.chosen', { name: chosen.file.name }) : t('account.photo.help'))}
        </FormHelperText>
      </Box>
    </Stack>
  );
};
