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
import { useForm } from '@/lib/form';
import { checkEmail, sameEmail } from '@/lib/validation';
import { useDeleteAccount } from '../api/delete-account';

type DeleteAccountFormProps = {
  readonly userEmail: string;
  readonly onDeleted: () => void;
};

/** Spec §2, §5: the account e-mail asked again (it must match), a confirmation, then the account is deleted. */
export const DeleteAccountForm = ({ userEmail, onDeleted }: DeleteAccountFormProps) => {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const mutation = useDeleteAccount({
    onDeleted: () => {
      setConfirming(false);
      onDeleted();
    },
  });

  const form = useForm({
    id: 'delete-account',
    initial: { email: '' },
    validate: (v) => ({ email: checkEmail(v.email) ?? (sameEmail(v.email, userEmail) ? undefined : 'sameEmail') }),
  });

  const onSubmit = form.handleSubmit(() => {
    if (!mutation.isPending) setConfirming(true);
  });

  const confirm = () => {
    mutation.mutate(form.values.email.trim(), {
      onError: (error) => {
        setConfirming(false);
        form.showServerErrors(error);
      },
    });
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('account.delete.formIntro')}</Typography>
      <Stack component="form" noValidate spacing={1} onSubmit={onSubmit} aria-label={t('account.delete.title')}>
        {mutation.isError ? (
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
