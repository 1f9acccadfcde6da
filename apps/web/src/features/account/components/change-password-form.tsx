import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, PasswordField } from '@/components/password-field';
import { PASSWORD_CHANGED_NOTICE_MS } from '@/config/constants';
import { isApiError } from '@/lib/api-client';
import { useForm, useMessages } from '@/lib/form';
import { checkConfirmation, checkPassword, checkRequired } from '@/lib/validation';
import type { User } from '@groundtruth/contracts';
import { useChangePassword } from '../api/change-password';
import { isPasswordProofRefused, needsRecentSignIn, SignInAgain, SsoProofHint } from './sign-in-again';

/**
 * Current, new and confirmation (spec §2, §5); 'password changed' shows for 2 seconds (spec §9). An
 * account without a password (single sign-on) sets its first one with a recent sign-in instead.
 */
export const ChangePasswordForm = ({ user }: { user: Pick<User, 'id' | 'hasPassword'> }) => {
  const { t } = useTranslation();
  const message = useMessages();
  const mutation = useChangePassword();
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);

  useEffect(() => {
    if (!changed) return;
    const timer = window.setTimeout(() => setChanged(false), PASSWORD_CHANGED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [changed]);

  const form = useForm({
    id: 'password',
    initial: { oldPassword: '', newPassword: '', passwordConfirmation: '' },
    validate: (v) => ({
      oldPassword: user.hasPassword ? checkRequired(v.oldPassword, 'currentPasswordRequired') : undefined,
      newPassword: checkPassword(v.newPassword),
      passwordConfirmation: checkConfirmation(v.newPassword, v.passwordConfirmation),
    }),
  });

  const onSubmit = form.handleSubmit((values) => {
    if (mutation.isPending) return;
    setFailure(null);
    setSignInAgain(false);
    setChanged(false);
    const body = user.hasPassword
      ? { oldPassword: values.oldPassword, newPassword: values.newPassword }
      : { newPassword: values.newPassword };
    mutation.mutate(
      { id: user.id, body },
      {
        onSuccess: () => {
          form.reset();
          setChanged(true);
        },
        onError: (error) => {
          if (needsRecentSignIn(error)) return setSignInAgain(true);
          if (form.showServerErrors(error)) return;
          // Spec §8: a refused change asks to check the password.
          const refused = isPasswordProofRefused(error) || (isApiError(error) && error.status === 400);
          setFailure(refused ? message('passwordCheckFailed') : t('app.somethingWentWrong'));
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate spacing={1} onSubmit={onSubmit} aria-labelledby="password-heading">
      {user.hasPassword ? (
        <PasswordField
          {...form.text('oldPassword')}
          label={t('account.password.current')}
          autoComplete="current-password"
          required
          fullWidth
        />
      ) : (
        <SsoProofHint />
      )}
      <NewPasswordFields
        password={form.text('newPassword')}
        confirmation={form.text('passwordConfirmation')}
        labels={{ password: t('account.password.new'), confirmation: t('account.password.confirmation') }}
      />
      <div aria-live="polite">
        {changed ? <Alert severity="success">{t('account.password.changed')}</Alert> : null}
        {signInAgain ? <SignInAgain /> : null}
        {failure ? (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        ) : null}
      </div>
      <div>
        <Button type="submit" variant="contained" disabled={mutation.isPending}>
          {mutation.isPending ? t('account.password.submitting') : t('account.password.submit')}
        </Button>
      </div>
    </Stack>
  );
};
