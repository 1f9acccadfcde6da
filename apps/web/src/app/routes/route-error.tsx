import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { NotFoundView } from '@/features/not-found/components/not-found-view';
import { usePageTitle } from '@/hooks/use-page-title';

/** Anything a page threw: a 404 response is the not-found page, the rest the general apology. */
export const RouteError = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  usePageTitle(notFound ? null : t('app.somethingWentWrong'));
  useEffect(() => {
    if (!notFound) console.error(error);
  }, [error, notFound]);

  if (notFound) return <NotFoundView />;
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto', py: 4 }}>
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </Button>
        }
      >
        {t('app.somethingWentWrong')}
      </Alert>
    </Box>
  );
};
