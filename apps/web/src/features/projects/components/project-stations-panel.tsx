import AddIcon from '@mui/icons-material/Add';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import NotesIcon from '@mui/icons-material/Notes';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import SensorsIcon from '@mui/icons-material/Sensors';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Project, Station } from '@groundtruth/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthenticatedPhoto } from '@/components/authenticated-photo';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { MapView, boundsAround, defaultBounds, type Bounds, type LngLat, type MapMarker } from '@/components/map';
import { useSnackbar } from '@/components/snackbar';
import { PROJECT_STATIONS_PAGE_SIZE, STATION_PICKER_PAGE_SIZE, STATION_PICKER_PAGE_SIZE_NARROW } from '@/config/constants';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { formatLocalDate } from '@/lib/format';
import { useMyStations } from '@/lib/my-stations';
import { useChangeProjectStations, useProjectStations } from '../api/project-stations';
import { Section } from './project-parts';
import { LoadingBlock } from '@/components/loading-block';

const noun = { context: partner.stationNoun === 'sensor' ? 'sensor' : undefined };

const stationImage = (station: Station) => station.photos.find((photo) => photo.isStationImage) ?? station.photos[0] ?? null;

/** Spec §2: 'Deployed' with its date, or 'ready to deploy'. */
const DeployState = ({ station }: { station: Station }) => {
  const { t } = useTranslation();
  return (
    <>
      {station.deployedAt
        ? t('projectStations.deployed', { date: formatLocalDate(station.deployedAt) })
        : t('projectStations.readyToDeploy')}
    </>
  );
};

const StationCard = ({ project, station, onRemove }: { project: Project; station: Station; onRemove?: () => void }) => {
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

const positionOf = (station: Station): LngLat | null =>
  station.location ? [station.location.longitude, station.location.latitude] : null;

/**
 * The stations on a map: the project's map view when it has one, else around its stations (spec §2
 * Project map view). Made while the stations are still on their way (`pending`), so the map and its
 * geography load beside them rather than after; it fits the stations when they come.
 */
const StationsMap = ({ project, stations, pending }: { project: Project; stations: readonly Station[]; pending: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const theme = useTheme();
  const markers: MapMarker[] = project.showStations
    ? stations.flatMap((station) => {
        const position = positionOf(station);
        return position ? [{ id: station.id, position, label: station.name, color: theme.palette.primary.main }] : [];
      })
    : [];
  const bounds: Bounds =
    (project.bounds ? ([project.bounds.min, project.bounds.max] as const) : null) ??
    boundsAround(markers.map((marker) => marker.position)) ??
    defaultBounds();
  return (
    <Box sx={{ mb: 2 }}>
      <MapView
        label={t('projectStations.map', noun)}
        view={{ bounds }}
        markers={markers}
        markersPending={pending}
        height={320}
        onMarkerSelect={(id) => void navigate(paths.viewStation.getHref(project.id, id))}
      />
      {markers.length === 0 && project.showStations && !pending ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('projectStations.noMap', noun)}
        </Typography>
      ) : null}
    </Box>
  );
};

/** The add-station picker: the user's own stations not yet in the project (spec §6), 6 a page (3 on narrow screens). */
const AddStationDialog = ({
  project,
  inProject,
  open,
  onClose,
}: {
  project: Project;
  inProject: ReadonlySet<number>;
  open: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('lg'));
  const pageSize = narrow ? STATION_PICKER_PAGE_SIZE_NARROW : STATION_PICKER_PAGE_SIZE;
  const mine = useMyStations(open);
  const change = useChangeProjectStations(project.id);
  const showSnackbar = useSnackbar();
  const [page, setPage] = useState(0);
  const titleId = useId();

  const candidates = (mine.data ?? []).filter((station) => !inProject.has(station.id));
  const pages = Math.max(1, Math.ceil(candidates.length / pageSize));
  const current = Math.min(page, pages - 1);
  const shown = candidates.slice(current * pageSize, (current + 1) * pageSize);

  const add = (station: Station) =>
    change.mutate(
      { stationId: station.id, add: true },
      {
        onSuccess: () => showSnackbar(t('projectStations.added', { name: station.name }), 'success'),
        onError: () => showSnackbar(t('projectStations.changeFailed', noun), 'fail'),
      },
    );

  let body;
  if (mine.isPending) body = <Skeleton height={120} aria-label={t('projectStations.loading')} />;
  else if (mine.isError)
    body = (
      <ErrorState
        message={t('projectStations.loadFailed', noun)}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  else if (candidates.length === 0) body = <EmptyState>{t('projectStations.noneToAdd', noun)}</EmptyState>;
  else
    body = (
      <>
        <List dense>
          {shown.map((station) => (
            <ListItem
              key={station.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  variant="outlined"
                  disabled={change.isPending}
                  onClick={() => add(station)}
                  aria-label={t('projectStations.addOne', { name: station.name })}
                >
                  {t('projectStations.addButton')}
                </Button>
              }
            >
              <ListItemText primary={station.name} secondary={<DeployState station={station} />} sx={{ pr: 10 }} />
            </ListItem>
          ))}
        </List>
        {pages > 1 ? (
          <Pagination count={pages} page={current + 1} onChange={(_event, value) => setPage(value - 1)} sx={{ mt: 1 }} />
        ) : null}
      </>
    );

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('projectStations.addTitle', noun)}</DialogTitle>
      <DialogContent>{body}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('projectStations.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};

/**
 * A project's stations, 4 a page (spec §9), with a map in the public view. Administrators add their own
 * stations and remove stations, after confirming.
 */
export const ProjectStationsPanel = ({
  project,
  withMap = false,
  editable = !withMap,
}: {
  project: Project;
  withMap?: boolean;
  /** The add and remove actions (the admin view); the public view has none. */
  editable?: boolean;
}) => {
  const { t } = useTranslation();
  const query = useProjectStations(project.id);
  const change = useChangeProjectStations(project.id);
  const showSnackbar = useSnackbar();
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Station | null>(null);
  const canEdit = !project.readOnly && editable;
  const headingId = `project-${project.id}-stations`;

  const stations = query.data ?? [];
  const pages = Math.max(1, Math.ceil(stations.length / PROJECT_STATIONS_PAGE_SIZE));
  const current = Math.min(page, pages - 1);
  const shown = stations.slice(current * PROJECT_STATIONS_PAGE_SIZE, (current + 1) * PROJECT_STATIONS_PAGE_SIZE);

  const remove = (station: Station) =>
    change.mutate(
      { stationId: station.id, add: false },
      {
        onSuccess: () => {
          setRemoving(null);
          showSnackbar(t('projectStations.removed', { name: station.name }), 'success');
        },
        onError: () => {
          setRemoving(null);
          showSnackbar(t('projectStations.changeFailed', noun), 'fail');
        },
      },
    );

  let body;
  if (query.isPending) {
    body = (
      <LoadingBlock label={t('projectStations.loading')}>
        <Skeleton variant="rectangular" height={88} aria-hidden />
      </LoadingBlock>
    );
  } else if (query.isError) {
    body = (
      <ErrorState
        message={t('projectStations.loadFailed', noun)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  } else if (stations.length === 0) {
    body = <EmptyState>{t('projectStations.empty', noun)}</EmptyState>;
  } else {
    body = (
      <>
        <Box
          component="ul"
          aria-labelledby={headingId}
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {shown.map((station) => (
            <li key={station.id}>
              <StationCard project={project} station={station} onRemove={canEdit ? () => setRemoving(station) : undefined} />
            </li>
          ))}
        </Box>
        {pages > 1 ? (
          <Pagination
            count={pages}
            page={current + 1}
            onChange={(_event, value) => setPage(value - 1)}
            sx={{ mt: 2 }}
            aria-label={t('projectStations.pages', noun)}
          />
        ) : null}
      </>
    );
  }

  return (
    <Section
      id={headingId}
      title={
        <>
          {t('projectStations.title', noun)}
          {query.isSuccess ? (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
              ({t('projectStations.count', { count: stations.length, ...noun })})
            </Typography>
          ) : null}
        </>
      }
      action={
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button component={RouterLink} to={paths.viewProjectBigMap.getHref(project.id)} startIcon={<MapOutlinedIcon />}>
            {t('projectStations.bigMap')}
          </Button>
          <Button component={RouterLink} to={paths.viewProjectNotes.getHref(project.id)} startIcon={<NotesIcon />}>
            {t('projectStations.notes')}
          </Button>
          {canEdit ? (
            <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setAdding(true)}>
              {t('projectStations.add', noun)}
            </Button>
          ) : null}
        </Stack>
      }
    >
      {withMap && (query.isPending || stations.length > 0) ? (
        <StationsMap project={project} stations={stations} pending={query.isPending} />
      ) : null}
      {body}
      {canEdit ? (
        <AddStationDialog
          project={project}
          inProject={new Set(stations.map((station) => station.id))}
          open={adding}
          onClose={() => setAdding(false)}
        />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title={t('projectStations.removeTitle', noun)}
        confirmLabel={t('projectStations.removeConfirm')}
        cancelLabel={t('projectStations.cancel')}
        destructive
        busy={change.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      >
        {t('projectStations.removeText', { name: removing?.name ?? '', ...noun })}
      </ConfirmDialog>
    </Section>
  );
};
