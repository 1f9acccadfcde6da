import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { partner } from '@/config/partner';

/**
 * Said on a map made before its stations have come (the map and its basemap load meanwhile): they are
 * on their way. `overlay` puts it in the map's top left corner; otherwise it sits where it is placed.
 */
export const StationsLoadingNote = ({ overlay = false }: { readonly overlay?: boolean }) => {
  const { t } = useTranslation();
  return (
    <Paper
      role="status"
      elevation={2}
      sx={{
        ...(overlay ? { position: 'absolute', top: 8, left: 8, zIndex: 2 } : {}),
        px: 1.5,
        py: 0.75,
        display: 'flex',
        gap: 1,
        alignItems: 'center',
      }}
    >
      <CircularProgress size={16} aria-hidden />
      <Typography variant="body2">
        {t(partner.stationNoun === 'sensor' ? 'stationsMap.loading.sensor' : 'stationsMap.loading.station')}
      </Typography>
    </Paper>
  );
};
