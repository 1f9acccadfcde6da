import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UpdateUserBody, User } from '@groundtruth/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { useForm } from '@/lib/form';
import { checkBio, checkEmail, checkName, checkRequired, sameEmail } from '@/lib/validation';
import { useUpdateUser } from '../api/update-user';
import { useUploadUserPhoto } from '../api/upload-user-photo';
import { PhotoPicker, type ChosenPhoto } from './photo-picker';
import { isApiError } from '@/lib/api-client';
import { needsRecentSignIn, SignInAgain, SsoProofHint } from './sign-in-again';

type Notice = 'saved' | 'savedEmail' | 'failed' | 'conflict' | 'signInAgain' | null;

/**
 * Photo, name, e-mail, bio and public profile (spec §2 User profile). Save sends the fields first,
 * made on the profile's version as shown (a 409 says the changes are not saved), then the photo. A
 * new e-mail asks for the current password (the server's proof of the person), or for an account
 * without one, a recent sign-in.
 */
export const ProfileForm = ({ user }: { user: User }) => {
  const { t } = useTranslation();
  const update = useUpdateUser();
  const upload = useUploadUserPhoto();
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const busy = update.isPending || upload.isPending;

  const form = useForm({
    id: 'profile',
    initial: { name: user.name, email: user.email, bio: user.bio, publicProfile: user.publicProfile, currentPassword: '' },
    validate: (v) => ({
      name: checkName(v.name),
      email: checkEmail(v.email),
      bio: checkBio(v.bio),
      publicProfile: undefined,
      currentPassword:
        user.hasPassword && !sameEmail(v.email, user.email)
          ? checkRequired(v.currentPassword, 'currentPasswordRequired')
          : undefined,
    }),
  });
  const emailChanging = !sameEmail(form.values.email, user.email);

  const onSubmit = form.handleSubmit(async (values) => {
    if (busy) return;
    setNotice(null);
    const emailChanged = !sameEmail(values.email, user.email);
    const body: UpdateUserBody = {
      name: values.name.trim(),
      bio: values.bio,
      publicProfile: values.publicProfile,
      // Sent only when changed: a new address is validated by e-mail again, and needs the password.
      ...(emailChanged ? { email: values.email.trim() } : {}),
      ...(emailChanged && user.hasPassword ? { currentPassword: values.currentPassword } : {}),
    };
    try {
      await update.mutateAsync({ id: user.id, body, version: user.version });
      if (photo) {
        await upload.mutateAsync(photo.file);
        setPhoto(null);
      }
      form.setValue('currentPassword', '');
      setNotice(emailChanged ? 'savedEmail' : 'saved');
    } catch (error) {
      if (isApiError(error) && error.isConflict) setNotice('conflict');
      else if (needsRecentSignIn(error)) setNotice('signInAgain');
      else if (!form.showServerErrors(error)) setNotice('failed');
    }
  });

  return (
    <Stack component="form" noValidate spacing={1.5} onSubmit={(event) => void onSubmit(event)} aria-labelledby="profile-heading">
      <PhotoPicker user={user} chosen={photo} onChoose={setPhoto} error={photoError} onError={setPhotoError} />
      <TextField {...form.text('name')} label={t('account.fields.name')} autoComplete="name" required fullWidth />
      <TextField {...form.text('email')} label={t('account.fields.email')} type="email" autoComplete="email" required fullWidth />
      {emailChanging && user.hasPassword ? (
        <PasswordField
          {...form.text('currentPassword')}
          label={t('account.proof.currentPasswordForEmail')}
          autoComplete="current-password"
          required
          fullWidth
        />
      ) : null}
      {emailChanging && !user.hasPassword ? <SsoProofHint /> : null}
      <TextField {...form.text('bio')} label={t('account.fields.bio')} multiline minRows={3} fullWidth />
      <div>
        <FormControlLabel
          control={
            <Checkbox {...form.checkbox('publicProfile')} slotProps={{ input: { 'aria-describedby': 'profile-public-help' } }} />
          }
          label={t('account.fields.publicProfile')}
        />
        <FormHelperText id="profile-public-help" sx={{ mx: 0 }}>
          {t('account.fields.publicProfileHelp')}
        </FormHelperText>
      </div>
      <div aria-live="polite">
        {notice === 'saved' || notice === 'savedEmail' ? (
          <Alert severity="success" onClose={() => setNotice(null)}>
            {t(notice === 'saved' ? 'account.saved' : 'account.savedEmail')}
          </Alert>
        ) : null}
        {notice === 'conflict' ? (
          <Alert severity="warning" role="alert" onClose={() => setNotice(null)}>
            {t('conflict.notSaved')} {t('conflict.keptMine')}
          </Alert>
        ) : null}
        {notice === 'signInAgain' ? <SignInAgain /> : null}
        {notice === 'failed' ? (
          <Alert severity="error" role="alert" onClose={() => setNotice(null)}>
            {t('account.saveFailed')} {t('app.somethingWentWrong')}
          </Alert>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? t('account.saving') : t('account.save')}
        </Button>
      </div>
    </Stack>
  );
};
