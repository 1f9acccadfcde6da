import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { LoginReason } from '@/config/paths';

/** Why the user is asked to sign in, when another screen sent them here (spec §2 Login banner). */
export const LoginBanner = ({ reason }: { reason: LoginReason | null }) => {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {t(`auth.login.reasons.${reason}`)}
    </Alert>
  );
};

const REASONS: readonly LoginReason[] = ['sessionEnded', 'privateProject', 'privateStation'];
export const parseLoginReason = (value: string | null): LoginReason | null => REASONS.find((reason) => reason === value) ?? null;
