import Avatar from '@mui/material/Avatar';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { ImageChooser, type ChosenImage } from '@/components/image-uploader';
import { UserAvatar } from '@/components/user-avatar';
import type { User } from '@groundtruth/contracts';

/** A chosen photo waiting for Save, with its preview as a data URL (allowed by the site's image policy, unlike blob:). */
export type ChosenPhoto = ChosenImage;

const PREVIEW_SIZE = 96;

type PhotoPickerProps = {
  readonly user: User;
  readonly chosen: ChosenPhoto | null;
  readonly onChoose: (photo: ChosenPhoto | null) => void;
  readonly error: string | null;
  readonly onError: (message: string | null) => void;
};

/** Spec §2 image uploader for the profile photo: one jpeg, png or gif, previewed (round, as the avatar) before it is saved. */
export const PhotoPicker = ({ user, chosen, onChoose, error, onError }: PhotoPickerProps) => {
  const { t } = useTranslation();
  const text = {
    title: t('account.photo.title'),
    choose: t('account.photo.choose'),
    chooseAnother: t('account.photo.chooseAnother'),
    help: t('account.photo.help'),
    chosen: (name: string) => t('account.photo.chosen', { name }),
    wrongType: t('account.photo.wrongType'),
    previewAlt: t('account.photo.previewAlt'),
  };
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      {chosen ? (
        <Avatar src={chosen.preview} alt={text.previewAlt} sx={{ width: PREVIEW_SIZE, height: PREVIEW_SIZE }} />
      ) : (
        <UserAvatar user={user} size={PREVIEW_SIZE} alt={user.photo ? t('account.photo.currentAlt') : ''} />
      )}
      <ImageChooser chosen={chosen} onChoose={onChoose} error={error} onError={onError} text={text} />
    </Stack>
  );
};
