import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PasswordField } from '@/components/password-field';
import { paths, type AfterQuery } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { spoofCredentials, type Credentials } from '@/lib/auth/login';
import { useSession } from '@/lib/auth/session';
import { useForm, useMessages, useServerMessage } from '@/lib/form';
import { checkEmail, checkPassword } from '@/lib/validation';
import { useResendValidation } from '../api/resend-validation';

export const EMAIL_NOT_VALIDATED = 'USER.EMAIL_NOT_VALIDATED';

type LoginFormProps = {
  /** Kept on the recover and register links (spec §2 Login). */
  readonly after?: AfterQuery;
  /** /spoof: an admin signs in as another user (spec §2 Login). */
  readonly spoof?: boolean;
  /** The delete-account screen signs in without offering a new account (spec §2). */
  readonly showRegisterLink?: boolean;
  /** Sends the credentials; the session's login unless a screen signs in its own way (forum sign-on). */
  readonly submit?: (credentials: Credentials) => Promise<unknown>;
  readonly onSignedIn: () => void;
  readonly id?: string;
};

type Failure =
  | { kind: 'credentials' }
  | { kind: 'notValidated'; userId: number | null; message: string }
  | { kind: 'tooMany' }
  | { kind: 'other'; message: string };

const failureOf = (
  error: unknown,
  serverMessage: (text: string | undefined, fallback: string) => string,
  generic: string,
): Failure => {
  if (!isApiError(error)) return { kind: 'other', message: generic };
  if (error.status === 401) return { kind: 'credentials' };
  if (error.status === 403 && error.code === EMAIL_NOT_VALIDATED) {
    const userId = Number(error.errors?.['userId']);
    return { kind: 'notValidated', userId: Number.isInteger(userId) && userId > 0 ? userId : null, message: error.message };
  }
  if (error.isTooManyAttempts) return { kind: 'tooMany' };
  if (error.status === 400) return { kind: 'other', message: serverMessage(error.message, generic) };
  return { kind: 'other', message: generic };
};

/** E-mail and password (and the spoofed e-mail on /spoof), checked per spec §5 before anything is sent. */
export const LoginForm = ({
  after = {},
  spoof = false,
  showRegisterLink = true,
  submit,
  onSignedIn,
  id = 'login',
}: LoginFormProps) => {
  const { t } = useTranslation();
  const session = useSession();
  const message = useMessages();
  const serverMessage = useServerMessage();
  const resend = useResendValidation();
  const [failure, setFailure] = useState<Failure | null>(null);

  const form = useForm({
    id,
    initial: { spoofEmail: '', email: '', password: '' },
    validate: (v) => ({
      spoofEmail: spoof ? checkEmail(v.spoofEmail) : undefined,
      email: checkEmail(v.email),
      password: checkPassword(v.password),
    }),
  });

  const mutation = useMutation({
    mutationFn: (credentials: Credentials) => (submit ?? session.login)(credentials),
    onMutate: () => {
      setFailure(null);
      resend.reset();
    },
    onSuccess: () => onSignedIn(),
    onError: (error) => {
      if (form.showServerErrors(error)) return;
      setFailure(failureOf(error, serverMessage, t('app.somethingWentWrong')));
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    // Spec §5: a busy form ignores another submit.
    if (mutation.isPending) return;
    const email = values.email.trim();
    mutation.mutate(
      spoof ? spoofCredentials(values.spoofEmail.trim(), email, values.password) : { email, password: values.password },
    );
  });

  const failureText = (f: Failure): string => {
    switch (f.kind) {
      case 'credentials':
        return message('loginFailed');
      case 'notValidated':
        return message('emailNotValidated');
      case 'tooMany':
        return message('tooManyAttempts');
      case 'other':
        return f.message;
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      spacing={1}
      aria-label={t(spoof ? 'auth.spoof.formLabel' : 'auth.login.formLabel')}
    >
      {failure ? (
        <Alert
          severity="error"
          role="alert"
          action={
            failure.kind === 'notValidated' && failure.userId !== null && !resend.isSuccess ? (
              <Button
                color="inherit"
                size="small"
                disabled={resend.isPending}
                onClick={() => failure.userId !== null && resend.mutate(failure.userId)}
              >
                {resend.isPending ? t('auth.login.resending') : t('auth.login.resend')}
              </Button>
            ) : undefined
          }
        >
          {failureText(failure)}
        </Alert>
      ) : null}
      {resend.isSuccess ? (
        <Alert severity="success" role="status">
          {t('auth.login.resent')}
        </Alert>
      ) : null}
      {resend.isError ? (
        <Alert severity="error" role="alert">
          {t('auth.login.resendFailed')}
        </Alert>
      ) : null}

      {spoof ? (
        <TextField
          {...form.text('spoofEmail')}
          label={t('auth.spoof.spoofEmail')}
          type="email"
          autoComplete="off"
          required
          fullWidth
        />
      ) : null}
      <TextField
        {...form.text('email')}
        label={spoof ? t('auth.spoof.adminEmail') : t('auth.fields.email')}
        type="email"
        autoComplete="email"
        required
        fullWidth
      />
      <PasswordField
        {...form.text('password')}
        label={spoof ? t('auth.spoof.adminPassword') : t('auth.fields.password')}
        autoComplete="current-password"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} fullWidth>
        {mutation.isPending ? t('auth.login.submitting') : t('auth.login.submit')}
      </Button>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Link component={RouterLink} to={paths.recover.getHref(after)} underline="hover">
          {t('auth.login.forgotPassword')}
        </Link>
        {showRegisterLink ? (
          <Link component={RouterLink} to={paths.register.getHref(after)} underline="hover">
            {t('auth.login.createAccount')}
          </Link>
        ) : null}
      </Stack>
    </Stack>
  );
};
