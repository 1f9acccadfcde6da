import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { loadErrorKind } from '../utils/load-error';

/**
 * A chart whose data could not be loaded (spec §8): a station that is not there or not shared is said
 * so, without a 'Try again' that could never succeed; a failure that may pass offers it.
 */
export const ChartLoadError = ({ error, onRetry }: { readonly error: unknown; readonly onRetry: () => void }) => {
  const { t } = useTranslation();
  const kind = loadErrorKind(isApiError(error) ? error.status : null);
  if (kind !== 'retryable') {
    return (
      <Alert severity="warning" data-testid="chart-load-error" data-kind={kind}>
        {t(kind === 'missingStation' ? 'explore.missingStation' : 'explore.loadFailed')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      data-testid="chart-load-error"
      data-kind={kind}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('explore.retry')}
        </Button>
      }
    >
      {t('explore.loadFailed')}
    </Alert>
  );
};
