import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

type SignInFailedProps = {
  /** 'link': the e-mail's one-time link was refused; 'sso': the provider's answer was; 'error': the server failed. */
  readonly kind: 'link' | 'sso' | 'error';
};

/** A sign-in that happens on arrival (resume link, single-sign-on return) and did not work. */
export const SignInFailed = ({ kind }: SignInFailedProps) => {
  const { t } = useTranslation();
  usePageTitle(t('auth.signInFailed.title'));
  return (
    <NarrowPage logo>
      <PageHeading>{t('auth.signInFailed.title')}</PageHeading>
      <Alert severity="error" sx={{ mb: 2 }}>
        {kind === 'error' ? t('app.somethingWentWrong') : t(`auth.signInFailed.${kind}`)}
      </Alert>
      <Button component={RouterLink} to={paths.login.getHref()} variant="contained" fullWidth>
        {t('auth.signInFailed.logIn')}
      </Button>
    </NarrowPage>
  );
};

/** Shown while the sign-in on arrival runs (the route's loader). */
export const SigningIn = () => {
  const { t } = useTranslation();
  usePageTitle(t('auth.signingIn'));
  return (
    <NarrowPage logo>
      <PageHeading>{t('auth.signingIn')}</PageHeading>
    </NarrowPage>
  );
};
