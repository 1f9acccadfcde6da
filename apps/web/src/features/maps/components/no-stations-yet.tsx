import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { partner } from '@/config/partner';

/** Signed in with no stations (spec §2): how to get one, with the app's store links. */
export const NoStationsYet = () => {
  const { t } = useTranslation();
  const sensorMode = partner.stationNoun === 'sensor';
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2, maxWidth: 640 }}>
      <Typography sx={{ mb: 2 }}>{t(sensorMode ? 'stationsMap.noneMine.sensor' : 'stationsMap.noneMine.station')}</Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" href="https://apps.apple.com/us/app/fieldkit-org/id1463631293" target="_blank" rel="noopener">
          {t('stationsMap.appStore')}
        </Button>
        <Button
          variant="outlined"
          href="https://play.google.com/store/apps/details?id=com.fieldkit"
          target="_blank"
          rel="noopener"
        >
          {t('stationsMap.googlePlay')}
        </Button>
      </Stack>
    </Paper>
  );
};
