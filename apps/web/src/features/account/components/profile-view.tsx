import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ErrorState } from '@/components/error-state';
import { PageHeading } from '@/components/page-heading';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSession } from '@/lib/auth/session';
import { ChangePasswordForm } from './change-password-form';
import { ProfileForm } from './profile-form';
import { LoadingBlock } from '@/components/loading-block';

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: { xs: 2, sm: 3 } }}>
    <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/** editUser, /dashboard/user (spec §2 User profile): profile, password, and the way to delete the account. */
export const ProfileView = () => {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('account.title'));
  const user = session.user;

  let body: ReactNode;
  if (user) {
    body = (
      <Stack spacing={3}>
        <Section id="profile-heading" title={t('account.profileTitle')}>
          {/* Keyed by account and change time: a fresh form when the saved user changes under it. */}
          <ProfileForm key={user.id} user={user} />
        </Section>
        <Section id="password-heading" title={t('account.password.title')}>
          <ChangePasswordForm user={user} />
        </Section>
        <Section id="delete-heading" title={t('account.delete.title')}>
          <Typography sx={{ mb: 2 }}>{t('account.delete.intro')}</Typography>
          <Button component={RouterLink} to={paths.deleteAccount.getHref()} variant="outlined" color="error">
            {t('account.delete.link')}
          </Button>
        </Section>
      </Stack>
    );
  } else if (session.status === 'error') {
    body = <ErrorState message={t('account.loadFailed')} onRetry={() => void session.refetchUser()} />;
  } else {
    body = (
      <LoadingBlock label={t('account.loading')}>
        <Skeleton variant="rectangular" height={320} aria-hidden />
      </LoadingBlock>
    );
  }

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageHeading>{t('account.title')}</PageHeading>
      {body}
    </Box>
  );
};
