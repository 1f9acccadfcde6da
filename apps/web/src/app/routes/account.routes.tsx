import { useSearchParams } from 'react-router-dom';
import { RecoverView } from '@/features/auth/components/recover-view';
import { RegisterView } from '@/features/auth/components/register-view';
import { ResetPasswordView } from '@/features/auth/components/reset-password-view';
import { UndoEmailView } from '@/features/account/components/undo-email-view';

/** register (/register?after&params): the links back to login keep `after`. */
export const RegisterRoute = () => {
  const [search] = useSearchParams();
  return <RegisterView after={{ after: search.get('after'), params: search.get('params') }} />;
};

/** recover (/recover?after&params). */
export const RecoverRoute = () => {
  const [search] = useSearchParams();
  return <RecoverView after={{ after: search.get('after'), params: search.get('params') }} />;
};

/** /recover/complete?token=…: the reset e-mail's link. */
export const ResetPasswordRoute = () => {
  const [search] = useSearchParams();
  return <ResetPasswordView token={search.get('token')} />;
};

/** /account/undo-email?token=…: the link mailed to the old address after an e-mail change. */
export const UndoEmailRoute = () => {
  const [search] = useSearchParams();
  return <UndoEmailView token={search.get('token')} />;
};
