import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { usePageTitle } from '@/hooks/use-page-title';
import type { Credentials } from '@/lib/auth/login';
import { startSession } from '@/lib/auth/session';
import { discourseAuth } from '../api/discourse-auth';
import { LoginForm } from './login-form';

type DiscourseLoginViewProps = {
  /** The forum's signed request; null when the link lacks it. */
  readonly request: { sso: string; sig: string } | null;
};

/**
 * Forum single sign-on (spec §2): the signed-in case completes in the route's loader; here the visitor
 * signs in with the form, and the browser returns to the forum.
 */
export const DiscourseLoginView = ({ request }: DiscourseLoginViewProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  usePageTitle(t('auth.discourse.title'));

  const submit = async (credentials: Credentials) => {
    if (!request) return;
    const { location, token } = await discourseAuth({ ...request, ...credentials }, { withSession: false });
    if (token) await startSession(queryClient, token);
    window.location.assign(location);
  };

  return (
    <NarrowPage logo>
      <PageHeading>{t('auth.discourse.title')}</PageHeading>
      {request ? (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('auth.discourse.intro')}
          </Typography>
          <LoginForm id="discourse" submit={submit} onSignedIn={() => undefined} />
        </>
      ) : (
        <Alert severity="error">{t('auth.discourse.badLink')}</Alert>
      )}
    </NarrowPage>
  );
};
