import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

type ErrorStateProps = {
  readonly message: string;
  readonly onRetry?: () => void;
  readonly retrying?: boolean;
};

/** A failed load: what failed, the general apology, and a retry button when one helps. */
export const ErrorState = ({ message, onRetry, retrying = false }: ErrorStateProps) => {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} disabled={retrying}>
            {t('app.retry')}
          </Button>
        ) : undefined
      }
    >
      {message} {t('app.somethingWentWrong')}
    </Alert>
  );
};
