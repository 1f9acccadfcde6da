import AddIcon from '@mui/icons-material/Add';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import NotesIcon from '@mui/icons-material/Notes';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Project, Station } from '@groundtruth/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { MapView, SMALL_MAP_ZOOM, boundsAround, defaultBounds, type Bounds, type LngLat, type MapMarker } from '@/components/map';
import { useSnackbar } from '@/components/snackbar';
import { PROJECT_STATIONS_PAGE_SIZE } from '@/config/constants';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { useChangeProjectStations, useProjectStations } from '../api/project-stations';
import { Section } from './project-parts';
import { LoadingBlock } from '@/components/loading-block';
import { AddStationDialog } from './add-station-dialog';
import { StationCard } from './project-station-card';

const noun = { context: partner.stationNoun === 'sensor' ? 'sensor' : undefined };

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
        // A project of one station is not fitted street-close, where the shipped basemap is a plain colour.
        view={{ bounds, maxZoom: SMALL_MAP_ZOOM }}
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
