import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Project } from '@groundtruth/contracts';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { boundsAround, defaultBounds, type Bounds, type MapViewRequest } from '@/components/map';
import { PageLoading } from '@/components/page-loading';
import { BREAKPOINTS } from '@/config/constants';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { currentLocale } from '@/i18n';
import { isApiError } from '@/lib/api-client';
import { useToken } from '@/lib/auth/session';
import { useMapProject, useMapStations } from '../api/get-map-stations';
import { useColourLegend } from '../hooks/use-colour-legend';
import { useStationMarkers } from '../hooks/use-station-markers';
import { NO_VALUE_COLOUR, sensorLabel } from '../utils/station-readings';
import { THRESHOLD_LEGEND_PROJECT_ID, thresholdLegend } from '../utils/threshold-legend';
import { MapLegend } from './map-legend';
import { HoverHint, StationHoverCard } from './station-hover-card';
import { StationList } from './station-list';
import { StationsLoadingNote } from './stations-loading-note';
import { MapListToggle, StationsMapFrame } from './stations-map-frame';
import { Sparkline } from './sparkline';

type ProjectMapViewProps = {
  readonly projectId: number;
  readonly mode: 'map' | 'list';
  /** Shown when the project does not exist. */
  readonly notFound: ReactNode;
};

const projectBounds = (project: Project): Bounds | null => (project.bounds ? [project.bounds.min, project.bounds.max] : null);

/** Spec §2 Project map view: detail card, map or list, hover summary with a tiny chart; project 174's legend. */
export const ProjectMapView = ({ projectId, mode, notFound }: ProjectMapViewProps) => {
  const { t } = useTranslation();
  const sensorMode = partner.stationNoun === 'sensor';
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useToken() !== null;
  const narrow = useMediaQuery(`(max-width:${BREAKPOINTS.narrow}px)`, { noSsr: true });
  const project = useMapProject(projectId);
  const stations = useMapStations(signedIn, projectId);
  const { markers, ordered, readings, sensors } = useStationMarkers(stations.data, 'recent');
  const colourEntries = useColourLegend(readings.values());
  const [hoveredId, setHoveredId] = useState<number | null>(null);
  const [pinnedId, setPinnedId] = useState<number | null>(null);
  usePageTitle(project.data?.name ?? null);

  // A private project for someone not signed in: sign in first and come back (spec §2 Project page).
  const refusedAnonymous = project.isError && isApiError(project.error) && project.error.isForbidden && !signedIn;
  useEffect(() => {
    if (refusedAnonymous) {
      navigate(paths.login.getHref({ after: `${location.pathname}${location.search}`, reason: 'privateProject' }), {
        replace: true,
      });
    }
  }, [refusedAnonymous, navigate, location.pathname, location.search]);

  const view = useMemo((): MapViewRequest => {
    const fromProject = project.data ? projectBounds(project.data) : null;
    const positions = (stations.data ?? []).flatMap((s) => (s.location ? [s.location] : []));
    return { bounds: fromProject ?? boundsAround(positions) ?? defaultBounds() };
  }, [project.data, stations.data]);

  // The map is made once the project is known (its name, its view), while its stations load; the list waits for them.
  if (project.isPending || (stations.isPending && mode === 'list')) return <PageLoading />;
  if (project.isError) {
    const error = project.error;
    if (isApiError(error) && (error.isNotFound || error.status === 400)) return <>{notFound}</>;
    if (isApiError(error) && error.isForbidden) {
      return signedIn ? <Alert severity="warning">{t('projectMap.private')}</Alert> : <PageLoading />;
    }
    return (
      <ErrorState message={t('projectMap.loadFailed')} onRetry={() => void project.refetch()} retrying={project.isFetching} />
    );
  }
  if (stations.isError) {
    return (
      <ErrorState message={t('projectMap.loadFailed')} onRetry={() => void stations.refetch()} retrying={stations.isFetching} />
    );
  }

  const all = stations.data ?? [];
  const loaded = stations.isSuccess;
  // On narrow screens the card opens in the bottom pane, for a picked station only (not on every hover).
  const shownId = narrow ? pinnedId : (pinnedId ?? hoveredId);
  const shownStation = shownId !== null ? all.find((s) => s.id === shownId) : undefined;
  const legend = projectId === THRESHOLD_LEGEND_PROJECT_ID ? thresholdLegend(all, sensors, currentLocale()) : null;

  const details = (
    <Paper
      component="section"
      aria-labelledby="project-map-title"
      elevation={narrow || mode === 'list' ? 0 : 3}
      variant={narrow || mode === 'list' ? 'outlined' : 'elevation'}
      sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography id="project-map-title" variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
        {project.data.name}
      </Typography>
      {project.data.description ? <Typography variant="body2">{project.data.description}</Typography> : null}
      <Typography variant="body2" color="text.secondary">
        {[
          project.data.location,
          loaded
            ? sensorMode
              ? t('projectMap.sensorCount', { count: all.length })
              : t('projectMap.stationCount', { count: all.length })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <MapListToggle
          mode={mode}
          onChange={(next) =>
            navigate(next === 'map' ? paths.viewProjectBigMap.getHref(projectId) : paths.viewProjectBigMapList.getHref(projectId))
          }
        />
        <Link component={RouterLink} to={paths.viewProject.getHref(projectId)}>
          {t('projectMap.openProject')}
        </Link>
      </Stack>
    </Paper>
  );

  if (mode === 'list') {
    return (
      <Stack spacing={2}>
        {details}
        {all.length === 0 ? (
          <EmptyState>{t(sensorMode ? 'projectMap.noStations.sensor' : 'projectMap.noStations.station')}</EmptyState>
        ) : (
          <StationList
            stations={ordered}
            readings={readings}
            label={project.data.name}
            renderExtra={(station) => {
              const sensor = readings.get(station.id)?.sensor ?? null;
              return (
                <Box sx={{ mt: 1 }}>
                  <Sparkline
                    stationId={station.id}
                    sensorId={sensor?.id ?? null}
                    label={t('projectMap.chartLabel', { sensor: sensor ? sensorLabel(sensor, currentLocale()) : '' })}
                  />
                </Box>
              );
            }}
          />
        )}
      </Stack>
    );
  }

  const card = shownStation ? (
    <StationHoverCard
      station={shownStation}
      reading={readings.get(shownStation.id)}
      projectId={projectId}
      {...(pinnedId !== null
        ? {
            // Closed is closed: the hover that led to the card ends with it (a marker redrawn under the
            // pointer or a stale focus must not bring it straight back).
            onClose: () => {
              setPinnedId(null);
              setHoveredId(null);
            },
          }
        : {})}
    />
  ) : null;

  return (
    <Stack spacing={narrow ? 2 : 0}>
      {narrow ? details : null}
      <StationsMapFrame
        label={t(sensorMode ? 'projectMap.mapLabel.sensor' : 'projectMap.mapLabel.station')}
        height={narrow ? 'max(320px, calc(100dvh - 340px))' : 'max(460px, calc(100dvh - 180px))'}
        narrow={narrow}
        view={view}
        markers={markers}
        markersPending={stations.isPending}
        selectedId={pinnedId}
        onMarkerHover={setHoveredId}
        onMarkerSelect={(id) => setPinnedId((current) => (current === id ? null : id))}
        // On narrow screens the pane opens for a picked station only; wide, a hint or a note stands in.
        panel={
          narrow
            ? card
            : (card ??
              (!loaded ? (
                <StationsLoadingNote />
              ) : all.length > 0 ? (
                <HoverHint />
              ) : (
                <Alert severity="info">{t(sensorMode ? 'projectMap.noStations.sensor' : 'projectMap.noStations.station')}</Alert>
              )))
        }
        panelLabel={shownStation?.name ?? ''}
        panelSx={{
          position: 'absolute',
          top: 8,
          right: 52,
          zIndex: 3,
          width: 340,
          maxWidth: 'calc(50% - 60px)',
          maxHeight: 'calc(100% - 16px)',
          overflowY: 'auto',
        }}
        legend={
          legend ? (
            <MapLegend
              title={legend.title ?? t('projectMap.legendTitle')}
              entries={[...legend.entries, { label: t('stationsMap.noData'), colour: NO_VALUE_COLOUR }]}
              initiallyOpen={!narrow}
            />
          ) : (
            // Other projects: every colour drawn, as on the all-stations map.
            <MapLegend title={t('stationsMap.legend')} entries={colourEntries} initiallyOpen={!narrow} />
          )
        }
      >
        {narrow && !loaded ? <StationsLoadingNote overlay /> : null}
        {narrow ? null : (
          <Box sx={{ position: 'absolute', top: 8, left: 8, zIndex: 3, width: 360, maxWidth: 'calc(50% - 16px)' }}>{details}</Box>
        )}
      </StationsMapFrame>
      {narrow && loaded && all.length === 0 ? (
        <EmptyState>{t(sensorMode ? 'projectMap.noStations.sensor' : 'projectMap.noStations.station')}</EmptyState>
      ) : null}
    </Stack>
  );
};
