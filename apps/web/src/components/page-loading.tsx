import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

/** While a page's data (or the session check before it) loads. */
export const PageLoading = () => {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true" sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-hidden size={32} />
      <Box component="span" role="status" sx={visuallyHidden}>
        {t('app.loading')}
      </Box>
    </Box>
  );
};
