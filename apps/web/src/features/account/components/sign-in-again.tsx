import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/lib/auth/session';

/** The server's answer when an account without a password last signed in more than 5 minutes ago. */
export const needsRecentSignIn = (error: unknown): boolean =>
  isApiError(error) && error.code === 'USER.PROOF_RECENT_SIGN_IN_REQUIRED';

/** The server refused a password given as proof of the person (403): the form says to check it. */
export const isPasswordProofRefused = (error: unknown): boolean =>
  isApiError(error) && (error.code === 'USER.PROOF_PASSWORD_WRONG' || error.code === 'USER.PROOF_PASSWORD_REQUIRED');

/**
 * Changing the e-mail or password, or deleting the account, of an account without a password needs
 * a sign-in at most 5 minutes old: say so, and offer to sign in again and come back here.
 */
export const SignInAgain = () => {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const again = async () => {
    await session.logout({ navigate: false });
    await navigate(paths.login.getHref({ after: `${location.pathname}${location.search}` }));
  };
  return (
    <Alert
      severity="warning"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={() => void again()}>
          {t('account.proof.signInAgain')}
        </Button>
      }
    >
      {t('account.proof.recentSignInRequired')}
    </Alert>
  );
};

/** Shown beside the form of an account without a password: what it needs instead. */
export const SsoProofHint = () => {
  const { t } = useTranslation();
  return <Alert severity="info">{t('account.proof.ssoHint')}</Alert>;
};
