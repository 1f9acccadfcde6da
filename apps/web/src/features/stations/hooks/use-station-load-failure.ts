import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnackbar } from '@/components/snackbar';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { useToken } from '@/lib/auth/session';

/**
 * Spec §8 station page (and its photos page) load failures: sign-in needed → login (with after); private
 * and signed out → login with its message; private and signed in → 'forbidden'; missing → 'notFound';
 * other → 'failed' and the somethingWentWrong snackbar, once.
 */
export const useStationLoadFailure = (error: unknown) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useToken() !== null;
  const snackbar = useSnackbar();
  const told = useRef<unknown>(null);
  const here = `${location.pathname}${location.search}`;
  const api = isApiError(error) ? error : null;
  const action: 'login' | 'private' | 'forbidden' | 'notFound' | 'failed' | null =
    error === null
      ? null
      : api?.isUnauthenticated
        ? 'login'
        : api?.isForbidden
          ? signedIn
            ? 'forbidden'
            : 'private'
          : api && (api.isNotFound || api.status === 400)
            ? 'notFound'
            : 'failed';
  useEffect(() => {
    if (action === 'login') void navigate(paths.login.getHref({ after: here }), { replace: true });
    else if (action === 'private')
      void navigate(paths.login.getHref({ after: here, reason: 'privateStation' }), { replace: true });
    else if (action === 'failed' && told.current !== error) {
      told.current = error;
      snackbar(t('station.somethingWentWrong'), 'fail');
    }
  }, [action, error, here, navigate, snackbar, t]);
  return action;
};
