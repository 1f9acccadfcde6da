import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { boundsAround, defaultBounds, roundBounds, type Bounds, type MapViewChange, type MapViewRequest } from '@/components/map';
import { PageHeading } from '@/components/page-heading';
import { PageLoading } from '@/components/page-loading';
import { BREAKPOINTS } from '@/config/constants';
import { partner } from '@/config/partner';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { useToken } from '@/lib/auth/session';
import { useMapStation, useMapStations, useMapStationsIn } from '../api/get-map-stations';
import { useColourLegend } from '../hooks/use-colour-legend';
import { useStationMarkers } from '../hooks/use-station-markers';
import { useSummaryFocus } from '../hooks/use-summary-focus';
import { type ReadingMode } from '../utils/station-readings';
import { MapLegend } from './map-legend';
import { ReadingModeToggle } from './reading-mode-toggle';
import { NoStationsYet } from './no-stations-yet';
import { StationList } from './station-list';
import { StationsLoadingNote } from './stations-loading-note';
import { MapListToggle, StationsMapFrame } from './stations-map-frame';

/** What the explore-data button opens: the station's sensor that its marker shows. */
export type ExploreTarget = {
  readonly stationId: number;
  readonly moduleId: number;
  readonly sensorId: number;
  /** ms of the latest reading. */
  readonly dataEnd: number | null;
};

type StationsMapViewProps = {
  readonly mode: 'map' | 'list';
  /** Bounds from the route, or null to fit the stations. */
  readonly bounds: Bounds | null;
  /** The station whose summary is open, from the route. */
  readonly selectedId: number | null;
  /** The station summary (the stations feature's), composed by the route. */
  readonly renderSummary: (stationId: number, onClose: () => void) => ReactNode;
  readonly exploreHref: (target: ExploreTarget) => string;
};

type ListState = { readonly bounds?: Bounds | null } | null;

/** Spec §2 All-stations views: the stations on a map or in a list, with their latest readings. */
export const StationsMapView = ({ mode, bounds, selectedId, renderSummary, exploreHref }: StationsMapViewProps) => {
  const { t } = useTranslation();
  const sensorMode = partner.stationNoun === 'sensor';
  const title = t(sensorMode ? 'stationsMap.title.sensor' : 'stationsMap.title.station');
  usePageTitle(title);
  const navigate = useNavigate();
  const location = useLocation();
  const narrow = useMediaQuery(`(max-width:${BREAKPOINTS.narrow}px)`, { noSsr: true });
  const signedIn = useToken() !== null;
  const [readingMode, setReadingMode] = useState<ReadingMode>('recent');
  const stations = useMapStations(signedIn);
  const opened = useMapStation(selectedId);
  const { markers, ordered, readings, failed } = useStationMarkers(stations.data, readingMode);
  const colourEntries = useColourLegend(readings.values());
  const hasOwn = (stations.data ?? []).some((station) => station.mine);

  // The bounds on screen (reported by the map), for links and the list; the route's until the map reports.
  const [shownBounds, setShownBounds] = useState<Bounds | null>(bounds);
  const listBounds = mode === 'list' ? ((location.state as ListState)?.bounds ?? null) : shownBounds;
  const [visibleOnly, setVisibleOnly] = useState(true);
  const restricted = mode === 'list' && visibleOnly && listBounds !== null;
  const inView = useMapStationsIn(signedIn, restricted ? listBounds : null);
  const inViewMarkers = useStationMarkers(inView.data, readingMode);

  const view = useMemo((): MapViewRequest => {
    if (bounds) return { bounds };
    const openedPosition = selectedId !== null ? opened.data?.location?.precise : undefined;
    if (openedPosition) return { bounds: boundsAround([openedPosition])! };
    const positions = (stations.data ?? []).flatMap((station) => (station.location ? [station.location] : []));
    return { bounds: boundsAround(positions) ?? defaultBounds() };
  }, [bounds, selectedId, opened.data, stations.data]);

  const onViewChange = useCallback(
    (change: MapViewChange) => {
      setShownBounds(change.bounds);
      if (!change.byUser) return;
      // The address follows the user's moves, so the view can be shared and comes back on reload.
      const rounded = roundBounds(change.bounds);
      const href =
        selectedId !== null ? paths.mapStationBounds.getHref(selectedId, rounded) : paths.mapAllStationsBounds.getHref(rounded);
      navigate(href, { replace: true });
    },
    [navigate, selectedId],
  );

  const currentBounds = (): Bounds => roundBounds(shownBounds ?? ('bounds' in view ? view.bounds : defaultBounds()));
  const openStation = (stationId: number) => navigate(paths.mapStationBounds.getHref(stationId, currentBounds()));
  // Closing goes back to the view the address holds (the one the summary was opened on, or panned to since).
  const closeStation = () => navigate(paths.mapAllStationsBounds.getHref(bounds ?? currentBounds()));
  const panelRef = useSummaryFocus(selectedId, mode);

  const switchView = (next: 'map' | 'list') => {
    if (next === 'list') navigate(paths.listAllStations.getHref(), { state: { bounds: shownBounds } satisfies ListState });
    else navigate(listBounds ? paths.mapAllStationsBounds.getHref(roundBounds(listBounds)) : paths.mapAllStations.getHref());
  };

  const toolbar = (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <MapListToggle mode={mode} onChange={switchView} />
      <ReadingModeToggle value={readingMode} onChange={setReadingMode} />
    </Stack>
  );

  let content: ReactNode;
  // The map is made while the stations load (its library, style and basemap come meanwhile); the list waits.
  if (stations.isPending && mode === 'list') {
    content = <PageLoading />;
  } else if (stations.isError) {
    content = (
      <ErrorState
        message={t(sensorMode ? 'stationsMap.loadFailed.sensor' : 'stationsMap.loadFailed.station')}
        onRetry={() => void stations.refetch()}
        retrying={stations.isFetching}
      />
    );
  } else if (stations.isSuccess && stations.data.length === 0 && selectedId === null && !signedIn) {
    content = <EmptyState>{t(sensorMode ? 'stationsMap.none.sensor' : 'stationsMap.none.station')}</EmptyState>;
  } else if (mode === 'list' && stations.isSuccess) {
    const shown = restricted ? inViewMarkers.ordered : ordered;
    content = (
      <>
        {listBounds ? (
          <FormControlLabel
            control={<Checkbox checked={visibleOnly} onChange={(event) => setVisibleOnly(event.target.checked)} />}
            label={t(sensorMode ? 'stationsMap.visibleOnly.sensor' : 'stationsMap.visibleOnly.station')}
            sx={{ mb: 1 }}
          />
        ) : null}
        {restricted && inView.isPending ? (
          <PageLoading />
        ) : restricted && inView.isError ? (
          <ErrorState
            message={t(sensorMode ? 'stationsMap.loadFailed.sensor' : 'stationsMap.loadFailed.station')}
            onRetry={() => void inView.refetch()}
            retrying={inView.isFetching}
          />
        ) : shown.length === 0 ? (
          <EmptyState>{t(sensorMode ? 'stationsMap.noneVisible.sensor' : 'stationsMap.noneVisible.station')}</EmptyState>
        ) : (
          <StationList
            stations={shown}
            readings={restricted ? inViewMarkers.readings : readings}
            onOpen={openStation}
            label={title}
          />
        )}
      </>
    );
  } else {
    const reading = selectedId !== null ? readings.get(selectedId) : undefined;
    const exploreTarget: ExploreTarget | null =
      selectedId !== null && reading?.sensor && reading.moduleId !== null
        ? { stationId: selectedId, moduleId: reading.moduleId, sensorId: reading.sensor.id, dataEnd: reading.time }
        : null;
    const name = opened.data?.name ?? '';
    const panel =
      selectedId === null ? null : (
        <Box
          ref={panelRef}
          tabIndex={-1}
          aria-label={t('stationsMap.summaryLabel', { name })}
          role="region"
          sx={{ outline: 'none' }}
        >
          {exploreTarget ? (
            <Button
              href={exploreHref(exploreTarget)}
              target="_blank"
              rel="noopener"
              variant="contained"
              size="small"
              endIcon={<OpenInNewIcon aria-hidden />}
              sx={{ mb: 1 }}
            >
              {t('stationsMap.exploreData')}
            </Button>
          ) : null}
          {renderSummary(selectedId, closeStation)}
        </Box>
      );
    content = (
      <StationsMapFrame
        label={t(sensorMode ? 'stationsMap.mapLabel.sensor' : 'stationsMap.mapLabel.station')}
        // The legend's line under the map is taken from its height, so the page still fits the screen.
        height={narrow ? 'max(320px, calc(100dvh - 230px))' : 'max(420px, calc(100dvh - 280px))'}
        narrow={narrow}
        view={view}
        markers={markers}
        markersPending={stations.isPending}
        selectedId={selectedId}
        onViewChange={onViewChange}
        onMarkerSelect={openStation}
        panel={panel}
        panelLabel={t('stationsMap.summaryLabel', { name })}
        panelPaper
        panelSx={{
          position: 'absolute',
          top: 8,
          left: 8,
          zIndex: 3,
          width: 420,
          maxWidth: 'calc(100% - 72px)',
          maxHeight: 'calc(100% - 16px)',
          overflowY: 'auto',
          p: 1,
        }}
        // The station stays in sight beside the summary panel.
        panelInsets={{ left: 436 }}
        legend={
          <MapLegend
            title={t('stationsMap.legend')}
            entries={colourEntries}
            note={t('stationsMap.legendClusters')}
            initiallyOpen={!narrow}
          />
        }
      >
        {stations.isPending ? <StationsLoadingNote overlay /> : null}
      </StationsMapFrame>
    );
  }

  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      {toolbar}
      {signedIn && stations.isSuccess && !hasOwn && selectedId === null ? <NoStationsYet /> : null}
      {failed ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('stationsMap.readingsFailed')}
        </Alert>
      ) : null}
      {content}
    </Box>
  );
};
