import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { usePageTitle } from '@/hooks/use-page-title';

/** adminMain, /admin: the guard admits site admins only; the tools themselves arrive with a later issue. */
export const AdminRoute = () => {
  const { t } = useTranslation();
  usePageTitle(t('admin.title'));
  return (
    <>
      <PageHeading>{t('admin.title')}</PageHeading>
      <Typography color="text.secondary">{t('admin.comingSoon')}</Typography>
    </>
  );
};
