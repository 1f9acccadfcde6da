import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MapStation } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { currentLocale } from '@/i18n';
import { sensorLabel, type StationReading } from '../utils/station-readings';
import { Sparkline } from './sparkline';
import { StationCard } from './station-list';

type StationHoverCardProps = {
  readonly station: MapStation;
  readonly reading: StationReading | undefined;
  readonly projectId: number;
  /** Shown for a station picked by click or Enter (it stays until closed); hover cards have none. */
  readonly onClose?: () => void;
};

/** Spec §2 Project map view: a station's summary with a tiny chart of the sensor its marker shows. */
export const StationHoverCard = ({ station, reading, projectId, onClose }: StationHoverCardProps) => {
  const { t } = useTranslation();
  const sensorMode = partner.stationNoun === 'sensor';
  const sensor = reading?.sensor ?? null;
  return (
    <Paper elevation={4} sx={{ position: 'relative' }} data-testid="station-hover-card">
      {onClose ? (
        <IconButton
          onClick={onClose}
          aria-label={t('projectMap.unpin')}
          size="small"
          sx={{ position: 'absolute', top: 4, right: 4, zIndex: 1 }}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      ) : null}
      <StationCard station={station} reading={reading} headingLevel="h2">
        <Box sx={{ mt: 1 }}>
          <Sparkline
            stationId={station.id}
            sensorId={sensor?.id ?? null}
            label={t('projectMap.chartLabel', { sensor: sensor ? sensorLabel(sensor, currentLocale()) : '' })}
          />
        </Box>
        <Stack direction="row" sx={{ mt: 1 }}>
          <Link component={RouterLink} to={paths.viewStation.getHref(projectId, station.id)}>
            {t(sensorMode ? 'projectMap.openStation.sensor' : 'projectMap.openStation.station')}
          </Link>
        </Stack>
      </StationCard>
    </Paper>
  );
};

/** The hint shown where the hover card goes while no station is pointed at. */
export const HoverHint = () => {
  const { t } = useTranslation();
  return (
    <Paper elevation={2} sx={{ p: 1.5 }}>
      <Typography variant="body2" color="text.secondary">
        {t(partner.stationNoun === 'sensor' ? 'projectMap.hoverHint.sensor' : 'projectMap.hoverHint.station')}
      </Typography>
    </Paper>
  );
};
