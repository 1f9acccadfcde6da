import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

/**
 * Spec §2 Admin users: destroying asks 'Are you sure? This operation cannot be undone.' with Yes/No,
 * and deleting an account also the admin's own password (spec §5: required, at least 10).
 */
export const ConfirmPasswordDialog = ({
  open,
  title,
  help,
  onClose,
  onConfirm,
}: {
  readonly open: boolean;
  readonly title: string;
  readonly help: string;
  readonly onClose: () => void;
  readonly onConfirm: (password: string) => Promise<void>;
}) => {
  const translate = useTranslate();
  const titleId = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(translate('console.users.passwordRequired'));
    if (password.length < 10) return setError(translate('console.users.passwordValid'));
    setBusy(true);
    try {
      await onConfirm(password);
      setPassword('');
      setError(null);
    } catch (e) {
      const fields = (e as { body?: { errors?: Record<string, string> }; errors?: Record<string, string> }) ?? {};
      setError(fields.errors?.['password'] ?? fields.body?.errors?.['password'] ?? (e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{help}</DialogContentText>
          <DialogContentText sx={{ mt: 1, fontWeight: 'bold' }}>{translate('console.confirmIrreversible')}</DialogContentText>
          <TextField
            autoFocus
            margin="dense"
            type="password"
            label={translate('console.users.password')}
            fullWidth
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={error !== null}
            helperText={error ?? ' '}
            autoComplete="current-password"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('console.no')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={busy}>
            {translate('console.yes')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
