import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/password-field';
import { useForm } from '@/lib/form';
import { checkEmail, checkRequired, sameEmail } from '@/lib/validation';
import { useDeleteAccount } from '../api/delete-account';
import { needsRecentSignIn, SignInAgain, SsoProofHint } from './sign-in-again';

type DeleteAccountFormProps = {
  readonly userEmail: string;
  /** Whether the account has a password to confirm with; without one (single sign-on) a recent sign-in is the proof. */
  readonly hasPassword: boolean;
  readonly onDeleted: () => void;
};

/**
 * Spec §2, §5: the account e-mail asked again (it must match, the server checks too) and the
 * password, a confirmation, then the account is deleted.
 */
export const DeleteAccountForm = ({ userEmail, hasPassword, onDeleted }: DeleteAccountFormProps) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [signInAgain, setSignInAgain] = useState(false);
  // A refusal the fields show (wrong password, other e-mail) or the sign-in prompt says it all.
  const [failed, setFailed] = useState(false);
  const mutation = useDeleteAccount({
    onDeleted: () => {
      setConfirming(false);
      onDeleted();
    },
  });

  const form = useForm({
    id: 'delete-account',
    initial: { email: '', password: '' },
    validate: (v) => ({
      email: checkEmail(v.email) ?? (sameEmail(v.email, userEmail) ? undefined : 'sameEmail'),
      password: hasPassword ? checkRequired(v.password, 'passwordRequired') : undefined,
    }),
  });

  const onSubmit = form.handleSubmit(() => {
    if (!mutation.isPending) setConfirming(true);
  });

  const confirm = () => {
    setSignInAgain(false);
    setFailed(false);
    const email = form.values.email.trim();
    mutation.mutate(hasPassword ? { email, password: form.values.password } : { email }, {
      onError: (error) => {
        setConfirming(false);
        if (needsRecentSignIn(error)) setSignInAgain(true);
        else if (!form.showServerErrors(error)) setFailed(true);
      },
    });
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('account.delete.formIntro')}</Typography>
      <Stack component="form" noValidate spacing={1} onSubmit={onSubmit} aria-label={t('account.delete.title')}>
        {signInAgain ? <SignInAgain /> : null}
        {failed ? (
          <Alert severity="error" role="alert">
            {t('account.delete.failed')} {t('app.somethingWentWrong')}
          </Alert>
        ) : null}
        <TextField
          {...form.text('email')}
          label={t('account.delete.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
        />
        {hasPassword ? (
          <PasswordField
            {...form.text('password')}
            label={t('account.delete.password')}
            autoComplete="current-password"
            required
            fullWidth
          />
        ) : (
          <SsoProofHint />
        )}
        <div>
          <Button type="submit" variant="contained" color="error" disabled={mutation.isPending}>
            {mutation.isPending ? t('account.delete.deleting') : t('account.delete.submit')}
          </Button>
        </div>
      </Stack>
      <Dialog
        open={confirming}
        onClose={() => !mutation.isPending && setConfirming(false)}
        aria-labelledby="delete-account-dialog-title"
        aria-describedby="delete-account-dialog-text"
      >
        <DialogTitle id="delete-account-dialog-title">{t('account.delete.confirmTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-account-dialog-text">{t('account.delete.confirmText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={mutation.isPending} autoFocus>
            {t('account.delete.cancel')}
          </Button>
          <Button onClick={confirm} color="error" variant="contained" disabled={mutation.isPending}>
            {mutation.isPending ? t('account.delete.deleting') : t('account.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
};

/** After deletion: the done message; the visitor is signed out and stays here (spec §2). */
export const DeleteAccountDone = () => {
  const { t } = useTranslation();
  return (
    <Alert severity="success" role="status">
      {t('account.delete.done')}
    </Alert>
  );
};
