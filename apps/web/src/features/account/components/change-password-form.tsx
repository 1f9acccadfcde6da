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
import { useChangePassword } from '../api/change-password';

/** Current, new and confirmation (spec §2, §5); 'password changed' shows for 2 seconds (spec §9). */
export const ChangePasswordForm = ({ userId }: { userId: number }) => {
  const { t } = useTranslation();
  const message = useMessages();
  const mutation = useChangePassword();
  const [changed, setChanged] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!changed) return;
    const timer = window.setTimeout(() => setChanged(false), PASSWORD_CHANGED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [changed]);

  const form = useForm({
    id: 'password',
    initial: { oldPassword: '', newPassword: '', passwordConfirmation: '' },
    validate: (v) => ({
      oldPassword: checkRequired(v.oldPassword, 'currentPasswordRequired'),
      newPassword: checkPassword(v.newPassword),
      passwordConfirmation: checkConfirmation(v.newPassword, v.passwordConfirmation),
    }),
  });

  const onSubmit = form.handleSubmit((values) => {
    if (mutation.isPending) return;
    setFailure(null);
    setChanged(false);
    mutation.mutate(
      { id: userId, body: { oldPassword: values.oldPassword, newPassword: values.newPassword } },
      {
        onSuccess: () => {
          form.reset();
          setChanged(true);
        },
        onError: (error) => {
          if (form.showServerErrors(error)) return;
          // Spec §8: a refused change asks to check the password.
          setFailure(isApiError(error) && error.status === 400 ? message('passwordCheckFailed') : t('app.somethingWentWrong'));
        },
      },
    );
  });

  return (
    <Stack component="form" noValidate spacing={1} onSubmit={onSubmit} aria-labelledby="password-heading">
      <PasswordField
        {...form.text('oldPassword')}
        label={t('account.password.current')}
        autoComplete="current-password"
        required
        fullWidth
      />
      <NewPasswordFields
        password={form.text('newPassword')}
        confirmation={form.text('passwordConfirmation')}
        labels={{ password: t('account.password.new'), confirmation: t('account.password.confirmation') }}
      />
      <div aria-live="polite">
        {changed ? <Alert severity="success">{t('account.password.changed')}</Alert> : null}
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
