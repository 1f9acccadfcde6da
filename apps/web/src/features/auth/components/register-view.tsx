import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { NewPasswordFields } from '@/components/password-field';
import { paths, type AfterQuery } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { isApiError } from '@/lib/api-client';
import { useForm, useMessages } from '@/lib/form';
import { checkConfirmation, checkEmail, checkName, checkPassword, messageKeyOf } from '@/lib/validation';
import { useRegister } from '../api/register';
import { useResendValidation } from '../api/resend-validation';

type Created = { readonly id: number; readonly email: string };

/** Account created: the validation e-mail is on its way; it can be sent again (spec §2, §4). */
const CreatedView = ({ created, after }: { created: Created; after: AfterQuery }) => {
  const { t } = useTranslation();
  const resend = useResendValidation();
  return (
    <>
      <PageHeading focusOnMount>{t('auth.register.createdTitle')}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t('auth.register.createdText', { email: created.email })}</Typography>
      <Stack spacing={2}>
        <div aria-live="polite">
          {resend.isSuccess ? <Alert severity="success">{t('auth.register.resent')}</Alert> : null}
          {resend.isError ? <Alert severity="error">{t('auth.register.resendFailed')}</Alert> : null}
        </div>
        <Button variant="outlined" disabled={resend.isPending} onClick={() => resend.mutate(created.id)}>
          {resend.isPending ? t('auth.register.resending') : t('auth.register.resend')}
        </Button>
        <Button component={RouterLink} to={paths.login.getHref(after)} variant="text">
          {t('auth.register.backToLogin')}
        </Button>
      </Stack>
    </>
  );
};

/** Create account (spec §2): name, e-mail, password, confirmation and the terms; submit waits for the terms. */
export const RegisterView = ({ after }: { after: AfterQuery }) => {
  const { t } = useTranslation();
  const message = useMessages();
  usePageTitle(t('auth.register.title'));
  const mutation = useRegister();
  const [created, setCreated] = useState<Created | null>(null);
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  const [failed, setFailed] = useState<'tooMany' | 'other' | null>(null);

  const form = useForm({
    id: 'register',
    initial: { name: '', email: '', password: '', passwordConfirmation: '', tncAccept: false },
    validate: (v) => ({
      name: checkName(v.name),
      email: checkEmail(v.email),
      password: checkPassword(v.password),
      passwordConfirmation: checkConfirmation(v.password, v.passwordConfirmation),
      tncAccept: v.tncAccept ? undefined : 'tncRequired',
    }),
  });

  const onSubmit = form.handleSubmit((values) => {
    if (mutation.isPending || !values.tncAccept) return;
    setFailed(null);
    const email = values.email.trim();
    mutation.mutate(
      {
        name: values.name.trim(),
        email,
        password: values.password,
        passwordConfirmation: values.passwordConfirmation,
        tncAccept: true,
      },
      {
        onSuccess: ({ id }) => setCreated({ id, email }),
        onError: (error) => {
          // Spec §8: a 400 on the e-mail means it is taken; say so with a way to recover the account.
          if (isApiError(error) && messageKeyOf(error.errors?.['email']) === 'emailTaken') setTakenEmail(values.email);
          if (!form.showServerErrors(error)) setFailed(isApiError(error) && error.isTooManyAttempts ? 'tooMany' : 'other');
        },
      },
    );
  });

  if (created) {
    return (
      <NarrowPage logo>
        <CreatedView created={created} after={after} />
      </NarrowPage>
    );
  }

  const emailTaken = takenEmail !== null && takenEmail === form.values.email;
  const emailProps = form.text('email');
  const tncError = form.errorOf('tncAccept');

  return (
    <NarrowPage logo>
      <PageHeading>{t('auth.register.title')}</PageHeading>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={1} aria-label={t('auth.register.title')}>
        {failed ? (
          <Alert severity="error" role="alert">
            {failed === 'tooMany' ? message('tooManyAttempts') : `${t('auth.register.failed')} ${t('app.somethingWentWrong')}`}
          </Alert>
        ) : null}
        <TextField {...form.text('name')} label={t('auth.fields.name')} autoComplete="name" required fullWidth />
        <TextField
          {...emailProps}
          error={emailProps.error || emailTaken}
          helperText={
            emailTaken ? (
              <>
                {message('emailTaken')}{' '}
                <Link component={RouterLink} to={paths.recover.getHref(after)}>
                  {t('auth.register.recoverLink')}
                </Link>
              </>
            ) : (
              emailProps.helperText
            )
          }
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
        />
        <NewPasswordFields
          password={form.text('password')}
          confirmation={form.text('passwordConfirmation')}
          labels={{ password: t('auth.fields.password'), confirmation: t('auth.fields.passwordConfirmation') }}
        />
        <div>
          <FormControlLabel
            control={
              <Checkbox {...form.checkbox('tncAccept')} slotProps={{ input: { 'aria-describedby': 'register-tnc-help' } }} />
            }
            label={t('auth.register.tncAccept')}
          />
          <FormHelperText id="register-tnc-help" error={tncError !== undefined} sx={{ mx: 0 }}>
            {tncError ?? (
              <Trans
                i18nKey="auth.register.tncRead"
                components={{
                  terms: <Link component={RouterLink} to={paths.terms.getHref()} target="_blank" rel="noopener" />,
                }}
              />
            )}
          </FormHelperText>
        </div>
        <Button type="submit" variant="contained" size="large" disabled={!form.values.tncAccept || mutation.isPending} fullWidth>
          {mutation.isPending ? t('auth.register.submitting') : t('auth.register.submit')}
        </Button>
        <Typography variant="body2">
          {t('auth.register.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.login.getHref(after)}>
            {t('auth.register.logIn')}
          </Link>
        </Typography>
      </Stack>
    </NarrowPage>
  );
};
