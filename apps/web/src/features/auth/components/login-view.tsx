import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { afterLoginHref, type AfterQuery, type LoginReason } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useOidcUrl } from '../api/get-oidc-url';
import { LoginBanner } from './login-banner';
import { LoginForm } from './login-form';

type LoginViewProps = {
  readonly after: AfterQuery;
  readonly reason?: LoginReason | null;
  readonly spoof?: boolean;
  readonly onSignedIn: () => void;
};

/** Shown while the browser leaves for the single-sign-on provider. */
export const Redirecting = ({ label }: { label: string }) => (
  <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, py: 6 }}>
    <CircularProgress size={28} aria-hidden />
    <Typography>{label}</Typography>
  </Box>
);

/**
 * Spec §2 Login: with single sign-on configured (and not spoofing) the browser goes straight to the
 * provider; if the lookup fails, the banner and the form.
 */
export const LoginView = ({ after, reason = null, spoof = false, onSignedIn }: LoginViewProps) => {
  const { t } = useTranslation();
  const title = spoof ? t('auth.spoof.title') : t('auth.login.title');
  usePageTitle(title);
  const hasAfter = Boolean(after.after);
  const sso = useOidcUrl(hasAfter ? afterLoginHref(after) : undefined, !spoof);
  const ssoLocation = spoof ? undefined : sso.data?.location;

  useEffect(() => {
    if (ssoLocation) window.location.assign(ssoLocation);
  }, [ssoLocation]);

  if (!spoof && (sso.isPending || ssoLocation)) {
    return (
      <NarrowPage logo>
        <PageHeading>{title}</PageHeading>
        <Redirecting label={sso.isPending ? t('auth.login.checkingSso') : t('auth.login.redirectingSso')} />
      </NarrowPage>
    );
  }

  return (
    <NarrowPage logo>
      <LoginBanner reason={reason} />
      <PageHeading>{title}</PageHeading>
      {spoof ? (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('auth.spoof.intro')}
        </Typography>
      ) : null}
      <LoginForm after={after} spoof={spoof} onSignedIn={onSignedIn} id={spoof ? 'spoof' : 'login'} />
    </NarrowPage>
  );
};
