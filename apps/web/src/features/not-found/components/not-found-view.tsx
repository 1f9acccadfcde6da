import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';

/** Any unknown path, a project id that is not a number, or a project that does not exist (spec §2, §8). */
export const NotFoundView = () => {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 4, md: 8 }, textAlign: 'center' }}>
      <Typography variant="overline" component="p" color="text.secondary" aria-hidden>
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.message')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={paths.projects.getHref()}>
        {t('notFound.backToDashboard')}
      </Button>
    </Box>
  );
};
