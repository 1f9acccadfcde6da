import { useNavigate, useSearchParams } from 'react-router-dom';
import { parseLoginReason } from '@/features/auth/components/login-banner';
import { LoginView } from '@/features/auth/components/login-view';
import { afterLoginHref } from '@/config/paths';

/** login (/login?after&params&reason) and /spoof: after signing in, `after` with `params`, else projects. */
export const LoginRoute = ({ spoof = false }: { spoof?: boolean }) => {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const after = { after: search.get('after'), params: search.get('params') };
  return (
    <LoginView
      key={spoof ? 'spoof' : 'login'}
      after={after}
      reason={parseLoginReason(search.get('reason'))}
      spoof={spoof}
      onSignedIn={() => void navigate(afterLoginHref(after), { replace: true })}
    />
  );
};
