import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/lib/auth/session';
import { useAcceptTerms } from '../api/accept-terms';
import { TermsText } from './terms-text';

/** True when this page was reached from another page of the app (React Router numbers its history entries). */
const cameFromApp = (): boolean => {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
};

/**
 * terms, /terms (spec §2, §4): the text; a signed-in user with outdated terms Agrees (recorded, then
 * the project list) or Disagrees (signed out, then login); anyone else closes it.
 */
export const TermsView = () => {
  const { t } = useTranslation();
  usePageTitle(t('terms.title'));
  const navigate = useNavigate();
  const session = useSession();
  const accept = useAcceptTerms();
  const [leaving, setLeaving] = useState(false);
  const outdated = session.user !== null && !session.termsCurrent;

  const agree = () => {
    if (!session.user) return;
    accept.mutate(session.user.id, { onSuccess: () => void navigate(paths.projects.getHref(), { replace: true }) });
  };
  const disagree = async () => {
    setLeaving(true);
    await session.logout({ navigate: false });
    await navigate(paths.login.getHref(), { replace: true });
  };

  return (
    <NarrowPage width={760}>
      <PageHeading>{t('terms.title')}</PageHeading>
      {outdated ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('terms.outdated')}
        </Alert>
      ) : null}
      <TermsText />
      {accept.isError ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('terms.acceptFailed')} {t('app.somethingWentWrong')}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', mt: 3 }}>
        {outdated ? (
          <>
            <Button variant="outlined" onClick={() => void disagree()} disabled={accept.isPending || leaving}>
              {t('terms.disagree')}
            </Button>
            <Button variant="contained" onClick={agree} disabled={accept.isPending || leaving}>
              {accept.isPending ? t('terms.agreeing') : t('terms.agree')}
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={() => void (cameFromApp() ? navigate(-1) : navigate(paths.projects.getHref()))}>
            {t('terms.close')}
          </Button>
        )}
      </Stack>
    </NarrowPage>
  );
};
