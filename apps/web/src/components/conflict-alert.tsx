import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';

type ConflictAlertProps = {
  /** Replace what the form holds with the version saved meanwhile. */
  readonly onShowTheirs: () => void;
  /** Keep the form as it is, now based on the newer version: saving again replaces it. */
  readonly onKeepMine: () => void;
};

/**
 * Spec §8 "Your changes are not saved": a form's save answered 409 because someone else saved a
 * newer version since the form was loaded. Nothing was overwritten; the person chooses between
 * their version and keeping their own edits (which a second save then puts over it, knowingly).
 */
export const ConflictAlert = ({ onShowTheirs, onKeepMine }: ConflictAlertProps) => {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" role="alert" data-testid="conflict-alert">
      {t('conflict.notSaved')}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" variant="outlined" color="inherit" onClick={onShowTheirs}>
          {t('conflict.showTheirs')}
        </Button>
        <Button size="small" color="inherit" onClick={onKeepMine}>
          {t('conflict.keepMine')}
        </Button>
      </Stack>
    </Alert>
  );
};
