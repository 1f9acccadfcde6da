import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { endSession } from '@/lib/auth/session';
import { useMessages } from '@/lib/form';
import { oneUseLinkFailure } from '@/lib/one-use-link';
import { useUndoEmailChange } from '../api/undo-email-change';

/**
 * The link mailed to the old address after an e-mail change. It acts only on a click (mail scanners
 * open links), then the account has this address again and everyone is signed out, here too.
 */
export const UndoEmailView = ({ token }: { token: string | null }) => {
  const { t } = useTranslation();
  usePageTitle(t('account.undoEmail.title'));
  const queryClient = useQueryClient();
  const message = useMessages();
  const mutation = useUndoEmailChange();
  const [outcome, setOutcome] = useState<'ask' | 'done' | 'failed'>(token ? 'ask' : 'failed');
  const [trouble, setTrouble] = useState<string | null>(null);

  const undo = () => {
    if (!token || mutation.isPending) return;
    setTrouble(null);
    mutation.mutate(
      { token },
      {
        onSuccess: () => {
          endSession(queryClient);
          setOutcome('done');
        },
        onError: (error) => {
          const failure = oneUseLinkFailure(error);
          if (failure === 'link') setOutcome('failed');
          else setTrouble(failure === 'tooManyAttempts' ? message('tooManyAttempts') : t('app.somethingWentWrong'));
        },
      },
    );
  };

  if (outcome === 'failed') {
    return (
      <NarrowPage logo>
        <PageHeading focusOnMount>{t('account.undoEmail.title')}</PageHeading>
        <Alert severity="error" sx={{ mb: 2 }}>
          {message('emailUndoFailed')}
        </Alert>
        <Button component={RouterLink} to={paths.recover.getHref()} variant="outlined" fullWidth>
          {t('account.undoEmail.recover')}
        </Button>
      </NarrowPage>
    );
  }
  if (outcome === 'done') {
    return (
      <NarrowPage logo>
        <PageHeading focusOnMount>{t('account.undoEmail.doneTitle')}</PageHeading>
        <Typography sx={{ mb: 2 }}>{t('account.undoEmail.doneText')}</Typography>
        <Stack spacing={1}>
          <Button component={RouterLink} to={paths.recover.getHref()} variant="contained" fullWidth>
            {t('account.undoEmail.recover')}
          </Button>
          <Button component={RouterLink} to={paths.login.getHref()} variant="outlined" fullWidth>
            {t('account.undoEmail.logIn')}
          </Button>
        </Stack>
      </NarrowPage>
    );
  }
  return (
    <NarrowPage logo>
      <PageHeading>{t('account.undoEmail.title')}</PageHeading>
      <Typography sx={{ mb: 2 }}>{t('account.undoEmail.intro')}</Typography>
      {trouble ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {trouble}
        </Alert>
      ) : null}
      <Button variant="contained" size="large" onClick={undo} disabled={mutation.isPending} fullWidth>
        {mutation.isPending ? t('account.undoEmail.submitting') : t('account.undoEmail.submit')}
      </Button>
    </NarrowPage>
  );
};
