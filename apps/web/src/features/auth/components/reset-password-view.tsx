import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { NewPasswordFields } from '@/components/password-field';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useForm, useMessages } from '@/lib/form';
import { oneUseLinkFailure } from '@/lib/one-use-link';
import { checkConfirmation, checkPassword } from '@/lib/validation';
import { useResetPassword } from '../api/reset-password';

const Failed = () => {
  const { t } = useTranslation();
  const message = useMessages();
  return (
    <>
      <PageHeading focusOnMount>{t('auth.reset.failedTitle')}</PageHeading>
      <Alert severity="error" sx={{ mb: 2 }}>
        {message('resetFailed')}
      </Alert>
      <Typography sx={{ mb: 2 }}>
        {t('auth.reset.failedHelp')} <Link href={env.contactUrl}>{t('auth.reset.contact')}</Link>
      </Typography>
      <Button component={RouterLink} to={paths.recover.getHref()} variant="outlined" fullWidth>
        {t('auth.reset.newLink')}
      </Button>
    </>
  );
};

/** Reset password (spec §2, §4): the link's token, a new password twice, then success or failure. */
export const ResetPasswordView = ({ token }: { token: string | null }) => {
  const { t } = useTranslation();
  usePageTitle(t('auth.reset.title'));
  const mutation = useResetPassword();
  const [outcome, setOutcome] = useState<'form' | 'done' | 'failed'>(token ? 'form' : 'failed');
  // The link is fine but the server could not answer (network, 5xx, too many attempts): stay on the form.
  const [trouble, setTrouble] = useState<string | null>(null);
  const message = useMessages();

  const form = useForm({
    id: 'reset',
    initial: { password: '', passwordConfirmation: '' },
    validate: (v) => ({
      password: checkPassword(v.password),
      passwordConfirmation: checkConfirmation(v.password, v.passwordConfirmation),
    }),
  });

  const onSubmit = form.handleSubmit((values) => {
    if (mutation.isPending || !token) return;
    setTrouble(null);
    mutation.mutate(
      { token, password: values.password },
      {
        onSuccess: () => setOutcome('done'),
        // A complaint about the password stays on the form; anything else (a used or expired link) is the failed view.
        onError: (error) => {
          if (form.showServerErrors(error)) return;
          const failure = oneUseLinkFailure(error);
          if (failure === 'link') setOutcome('failed');
          else setTrouble(failure === 'tooManyAttempts' ? message('tooManyAttempts') : t('app.somethingWentWrong'));
        },
      },
    );
  });

  if (outcome === 'failed') {
    return (
      <NarrowPage logo>
        <Failed />
      </NarrowPage>
    );
  }
  if (outcome === 'done') {
    return (
      <NarrowPage logo>
        <PageHeading focusOnMount>{t('auth.reset.doneTitle')}</PageHeading>
        <Typography sx={{ mb: 2 }}>{t('auth.reset.doneText')}</Typography>
        <Button component={RouterLink} to={paths.login.getHref()} variant="contained" fullWidth>
          {t('auth.reset.logIn')}
        </Button>
      </NarrowPage>
    );
  }
  return (
    <NarrowPage logo>
      <PageHeading>{t('auth.reset.title')}</PageHeading>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} aria-label={t('auth.reset.title')}>
        {trouble ? (
          <Alert severity="error" role="alert">
            {trouble}
          </Alert>
        ) : null}
        <NewPasswordFields
          password={form.text('password')}
          confirmation={form.text('passwordConfirmation')}
          labels={{ password: t('auth.fields.newPassword'), confirmation: t('auth.fields.newPasswordConfirmation') }}
        />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} fullWidth>
          {mutation.isPending ? t('auth.reset.submitting') : t('auth.reset.submit')}
        </Button>
      </Stack>
    </NarrowPage>
  );
};
