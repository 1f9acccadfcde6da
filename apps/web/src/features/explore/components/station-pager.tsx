import type { Station } from '@groundtruth/contracts';
import BatteryStdIcon from '@mui/icons-material/BatteryStd';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatBattery, formatDateTime } from '@/lib/format';

/**
 * The workspace's station summary (spec §2): one station at a time with paging across the bookmark's
 * stations, its battery, and its station page in a new tab.
 */
export const StationPager = ({ stations }: { readonly stations: readonly Station[] }) => {
  const { t } = useTranslation();
  const headingId = useId();
  const [index, setIndex] = useState(0);
  if (stations.length === 0) return null;
  const at = Math.min(index, stations.length - 1);
  const station = stations[at]!;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: 1.5 }}
      data-testid="explore-station-summary"
    >
      <Typography id={headingId} component="h2" variant="overline">
        {t('explore.stationSummary')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {stations.length > 1 && (
          <IconButton
            aria-label={t('explore.previousStation')}
            onClick={() => setIndex((at - 1 + stations.length) % stations.length)}
          >
            <ChevronLeftIcon />
          </IconButton>
        )}
        <Stack sx={{ flex: 1, minWidth: 180 }}>
          <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {station.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {stations.length > 1 ? `${t('explore.stationOf', { index: at + 1, count: stations.length })} · ` : ''}
            {station.lastReadingAt ? formatDateTime(station.lastReadingAt) : ''}
          </Typography>
        </Stack>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }} aria-label={t('explore.battery')} role="group">
          <BatteryStdIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{formatBattery(station.battery)}</Typography>
        </Stack>
        <Button
          size="small"
          href={paths.viewStationFromMap.getHref(station.id)}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNewIcon aria-hidden />}
          aria-label={`${t('explore.openStation')} ${t('explore.newTab')}`}
        >
          {t('explore.openStation')}
        </Button>
        {stations.length > 1 && (
          <IconButton aria-label={t('explore.nextStation')} onClick={() => setIndex((at + 1) % stations.length)}>
            <ChevronRightIcon />
          </IconButton>
        )}
      </Stack>
    </Paper>
  );
};
