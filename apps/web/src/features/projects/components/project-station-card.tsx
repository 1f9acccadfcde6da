import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SensorsIcon from '@mui/icons-material/Sensors';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Project, Station } from '@groundtruth/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { AuthenticatedPhoto } from '@/components/authenticated-photo';
import { paths } from '@/config/paths';
import { formatLocalDate } from '@/lib/format';

const stationImage = (station: Station) => station.photos.find((photo) => photo.isStationImage) ?? station.photos[0] ?? null;

/** Spec §2: 'Deployed' with its date, or 'ready to deploy'. */
export const DeployState = ({ station }: { station: Station }) => {
  const { t } = useTranslation();
  return (
    <>
      {station.deployedAt
        ? t('projectStations.deployed', { date: formatLocalDate(station.deployedAt) })
        : t('projectStations.readyToDeploy')}
    </>
  );
};

export const StationCard = ({ project, station, onRemove }: { project: Project; station: Station; onRemove?: () => void }) => {
  const { t } = useTranslation();
  const photo = stationImage(station);
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, height: '100%' }}
    >
      <AuthenticatedPhoto
        url={photo?.url}
        alt=""
        size={125}
        width={64}
        height={64}
        sx={{ borderRadius: 1, flexShrink: 0 }}
        placeholder={
          <Box
            sx={{
              width: 64,
              height: 64,
              flexShrink: 0,
              borderRadius: 1,
              bgcolor: 'action.hover',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: 'primary.main',
            }}
          >
            <SensorsIcon aria-hidden />
          </Box>
        }
      />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Link
          component={RouterLink}
          to={paths.viewStation.getHref(project.id, station.id)}
          underline="hover"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {station.name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          <DeployState station={station} />
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={station.locationName ?? undefined}>
          {station.locationName ?? t('projectStations.noLocation')}
        </Typography>
      </Box>
      {onRemove ? (
        <IconButton aria-label={t('projectStations.remove', { name: station.name })} onClick={onRemove} sx={{ flexShrink: 0 }}>
          <DeleteOutlineIcon />
        </IconButton>
      ) : null}
    </Stack>
  );
};
