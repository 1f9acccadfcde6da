import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { paths, type AfterQuery } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useForm, useMessages } from '@/lib/form';
import { checkEmail } from '@/lib/validation';
import { useRequestRecovery } from '../api/request-recovery';

/** Recover (spec §2, §4): e-mail form, then 'sent' with a resend that repeats the lookup. */
export const RecoverView = ({ after }: { after: AfterQuery }) => {
  const { t } = useTranslation();
  const message = useMessages();
  usePageTitle(t('auth.recover.title'));
  const mutation = useRequestRecovery();
  const resend = useRequestRecovery();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const form = useForm({ id: 'recover', initial: { email: '' }, validate: (v) => ({ email: checkEmail(v.email) }) });

  const failureText = (error: unknown) =>
    isApiError(error) && error.isTooManyAttempts
      ? message('tooManyAttempts')
      : `${t('auth.recover.failed')} ${t('app.somethingWentWrong')}`;

  const onSubmit = form.handleSubmit((values) => {
    if (mutation.isPending) return;
    const email = values.email.trim();
    mutation.mutate(
      { email },
      {
        onSuccess: () => setSentTo(email),
        onError: (error) => void form.showServerErrors(error),
      },
    );
  });

  if (sentTo !== null) {
    return (
      <NarrowPage logo>
        <PageHeading focusOnMount>{t('auth.recover.sentTitle')}</PageHeading>
        <Typography sx={{ mb: 2 }}>{t('auth.recover.sentText', { email: sentTo })}</Typography>
        <Stack spacing={2}>
          <div aria-live="polite">
            {resend.isSuccess ? <Alert severity="success">{t('auth.recover.resent')}</Alert> : null}
            {resend.isError ? <Alert severity="error">{failureText(resend.error)}</Alert> : null}
          </div>
          <Button variant="outlined" disabled={resend.isPending} onClick={() => resend.mutate({ email: sentTo })}>
            {resend.isPending ? t('auth.recover.resending') : t('auth.recover.resend')}
          </Button>
          <Button component={RouterLink} to={paths.login.getHref(after)}>
            {t('auth.recover.backToLogin')}
          </Button>
        </Stack>
      </NarrowPage>
    );
  }

  return (
    <NarrowPage logo>
      <PageHeading>{t('auth.recover.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('auth.recover.intro')}
      </Typography>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} aria-label={t('auth.recover.title')}>
        {mutation.isError && !(isApiError(mutation.error) && mutation.error.errors?.['email']) ? (
          <Alert severity="error" role="alert">
            {failureText(mutation.error)}
          </Alert>
        ) : null}
        <TextField {...form.text('email')} label={t('auth.fields.email')} type="email" autoComplete="email" required fullWidth />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} fullWidth>
          {mutation.isPending ? t('auth.recover.submitting') : t('auth.recover.submit')}
        </Button>
        <Button component={RouterLink} to={paths.login.getHref(after)}>
          {t('auth.recover.backToLogin')}
        </Button>
      </Stack>
    </NarrowPage>
  );
};
