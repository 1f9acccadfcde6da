import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NarrowPage } from '@/components/narrow-page';
import { PageHeading } from '@/components/page-heading';
import { PageLoading } from '@/components/page-loading';
import { paths } from '@/config/paths';
import { DeleteAccountDone, DeleteAccountForm } from '@/features/account/components/delete-account-form';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/lib/auth/session';

/**
 * /delete-account (spec §2): sign in first (no create-account link), then the confirmation form;
 * afterwards the done message, signed out, without moving.
 */
export const DeleteAccountRoute = () => {
  const { t } = useTranslation();
  usePageTitle(t('account.delete.title'));
  const session = useSession();
  const [deleted, setDeleted] = useState(false);

  let body;
  if (deleted) body = <DeleteAccountDone />;
  else if (session.status === 'anonymous') {
    body = (
      <>
        <Typography sx={{ mb: 2 }}>{t('account.delete.signInFirst')}</Typography>
        <LoginForm
          id="delete-login"
          showRegisterLink={false}
          after={{ after: paths.deleteAccount.getHref() }}
          onSignedIn={() => undefined}
        />
      </>
    );
  } else if (session.user)
    body = (
      <DeleteAccountForm
        userEmail={session.user.email}
        hasPassword={session.user.hasPassword}
        onDeleted={() => setDeleted(true)}
      />
    );
  else body = <PageLoading />;

  return (
    <NarrowPage logo>
      <PageHeading focusOnMount={deleted}>{t('account.delete.title')}</PageHeading>
      {body}
    </NarrowPage>
  );
};
