import AddchartIcon from '@mui/icons-material/Addchart';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Station } from '@groundtruth/contracts';
import { serializeBookmark, type Bookmark } from '@groundtruth/domain';
import { lazy, Suspense, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SNACKBAR_MS } from '@/config/constants';
import { partner } from '@/config/partner';
import { useIdle } from '@/hooks/use-idle';
import { usePageTitle } from '@/hooks/use-page-title';
import { useExploreSensorsMeta } from '../api/get-sensors-meta';
import { useExploreProjectStations, useExploreStations } from '../api/get-station';
import { isApiError } from '@/lib/api-client';
import { loadErrorKind } from '../utils/load-error';
import { dataExtent, defaultChart, stationSensors } from '../utils/station-sensors';
import {
  MOBILE_MEDIA_QUERY,
  bookmarkOf,
  canAddChart,
  workspaceFromBookmark,
  workspaceReducer,
  type Viz,
} from '../utils/workspace';
import { backTarget } from '../utils/back-target';
import { discussionScope, type DiscussionScope } from '../utils/discussion-scope';
import { ChartGroup } from './chart-group';
import { StationPager } from './station-pager';

// The export dialog's code (its form, history and their inputs) loads once the first chart is drawn.
const ExportPanel = lazy(async () => ({ default: (await import('./export-panel')).ExportPanel }));

type ExploreWorkspaceProps = {
  readonly bookmark: Bookmark;
  /** Every new state of the workspace, as its bookmark (stored, and the address replaced). */
  readonly onPublish: (bookmark: Bookmark) => void;
  /** Share and export, in the header. */
  readonly actions?: ReactNode;
  /** Opened by /viz/export?v=: the export panel shows at once. */
  readonly exporting?: boolean;
  /** The comments and data events tied to this bookmark, drawn by the app (another feature's). */
  readonly discussion?: (scope: DiscussionScope) => ReactNode;
};

/**
 * The explore workspace (spec §2 Explore workspace, §4 Explore): groups of linked charts over a
 * bookmark. Its state is the pure reducer of utils/workspace; each change publishes the next bookmark.
 */
export const ExploreWorkspace = ({ bookmark, onPublish, actions, exporting = false, discussion }: ExploreWorkspaceProps) => {
  const { t } = useTranslation();
  usePageTitle(t('explore.title'));
  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [ws, dispatch] = useReducer(workspaceReducer, bookmark, workspaceFromBookmark);
  const meta = useExploreSensorsMeta();
  const stationQueries = useExploreStations(ws.stations);
  const stations: Station[] = stationQueries.flatMap((q) => (q.data ? [q.data] : []));
  const stationsLoading = stationQueries.some((q) => q.isPending);
  // A station the API says is not there, or not shared (spec §8): no retry will bring it.
  const missingStation = stationQueries.some(
    (q) => q.isError && loadErrorKind(isApiError(q.error) ? q.error.status : null) === 'missingStation',
  );
  // A chart may compare with the bookmark's stations and those of its projects.
  const projectStations = useExploreProjectStations(ws.projects).flatMap((q) => q.data?.stations ?? []);
  const candidates = [...stations, ...projectStations.filter((p) => !stations.some((s) => s.id === p.id))];
  const [noSensors, setNoSensors] = useState(false);

  // Spec §4: a station opened without groups shows its first sensor (14 days, 1 in flood mode).
  const firstStation = stations[0];
  useEffect(() => {
    if (ws.groups.length > 0 || !firstStation) return;
    const chart = defaultChart(firstStation, partner.defaultQuickRangeDays, Date.now());
    if (chart) dispatch({ type: 'seed', ...chart });
  }, [ws.groups.length, firstStation]);

  // Spec §2, §9: stations without sensors are told for 5 seconds.
  const emptyIds = stations
    .filter((s) => stationSensors(s).length === 0)
    .map((s) => s.id)
    .join(',');
  useEffect(() => {
    if (emptyIds !== '') setNoSensors(true);
  }, [emptyIds]);

  // Every change of the workspace is published as its bookmark (the first one too: opening stores it).
  const published = useRef<string | null>(null);
  useEffect(() => {
    if (ws.groups.length === 0) return;
    const next = bookmarkOf(ws);
    const text = serializeBookmark(next);
    if (text === published.current) return;
    published.current = text;
    onPublish(next);
  }, [ws, onPublish]);

  // The chart first: the header's panels, the station summary and the comments slot wait for the
  // browser's first idle moment, out of the renders that start the first chart (bench:explore-web;
  // each is a button, a detail or below the fold).
  const idle = useIdle();
  const back = backTarget(ws.context);
  const anchorId = ws.groups[0]?.vizes[0]?.id ?? null;

  // Spec §2 add-chart button: a new group for the first chart's station, of its first sensor, over the
  // top group's window; off while the only chart has no data.
  const top = ws.groups[0]?.vizes[0];
  const topStation = stations.find((s) => s.id === top?.series[0]?.stationId);
  const newSensor = topStation ? stationSensors(topStation)[0] : undefined;
  const hasData = (viz: Viz) => dataExtent(stations.filter((s) => viz.series.some((r) => r.stationId === s.id))) !== null;
  const addChart =
    top && newSensor && canAddChart(ws, hasData)
      ? () =>
          dispatch({
            type: 'addChart',
            series: { stationId: newSensor.stationId, moduleId: newSensor.moduleId, sensorId: newSensor.sensorId },
            range: top.range,
            fastTime: top.fastTime,
          })
      : null;

  return (
    <Stack spacing={mobile ? 1 : 2} sx={{ p: { xs: 1, md: 2 } }} data-testid="explore-workspace">
      {/* On a phone the back link has a line of its own above the title (beside it, the title wrapped),
          and the header stays short so the first chart starts above the fold. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          component={RouterLink}
          to={back.href}
          startIcon={<ArrowBackIcon aria-hidden />}
          size={mobile ? 'small' : 'medium'}
          sx={mobile ? { flexBasis: '100%', justifyContent: 'flex-start' } : undefined}
        >
          {t(back.label)}
        </Button>
        <Typography component="h1" variant="h5" sx={{ flex: 1, fontSize: mobile ? '1.25rem' : undefined }}>
          {t('explore.title')}
        </Typography>
        {ws.groups.length > 0 && (
          <Button
            variant="outlined"
            size={mobile ? 'small' : 'medium'}
            startIcon={<AddchartIcon aria-hidden />}
            disabled={addChart === null}
            onClick={addChart ?? undefined}
          >
            {t('explore.addChart')}
          </Button>
        )}
        {idle && (
          <Suspense fallback={null}>
            {actions}
            <ExportPanel
              stations={stations}
              series={ws.groups.flatMap((g) => g.vizes.flatMap((v) => v.series))}
              range={ws.groups[0]?.vizes[0]?.range ?? null}
              meta={meta.data}
              initiallyOpen={exporting}
            />
          </Suspense>
        )}
      </Stack>

      {idle && !mobile && <StationPager stations={stations} />}

      {missingStation && (
        <Alert
          severity="warning"
          data-testid="explore-missing-station"
          action={
            <Button component={RouterLink} to={back.href} color="inherit" size="small">
              {t(back.label)}
            </Button>
          }
        >
          {t('explore.missingStation')}
        </Alert>
      )}

      {ws.groups.length === 0 && !stationsLoading && !missingStation && (
        <Alert severity="info" data-testid="explore-nothing-selected">
          {t('explore.nothingSelected')}
        </Alert>
      )}

      {ws.groups.map((group, i) => (
        <ChartGroup
          key={group.id}
          group={group}
          index={i}
          stations={candidates}
          meta={meta.data}
          mobile={mobile}
          anchorId={anchorId}
          projectId={ws.projects[0] ?? null}
          dispatch={dispatch}
        />
      ))}

      {/* On a phone the station summary follows the charts: the first chart comes first on the screen. */}
      {idle && mobile && <StationPager stations={stations} />}

      {/* Comments and data events tied to this bookmark (the app hands in the discussion). */}
      {idle && (
        <Paper
          component="section"
          variant="outlined"
          sx={{ p: 2 }}
          aria-label={t('explore.comments')}
          data-slot="explore-comments"
        >
          <Typography component="h2" variant="h6">
            {t('explore.comments')}
          </Typography>
          {discussion ? (
            <Box sx={{ mt: 1 }}>{discussion(discussionScope(ws))}</Box>
          ) : (
            <Box sx={{ color: 'text.secondary' }}>{t('explore.commentsLater')}</Box>
          )}
        </Paper>
      )}

      <Snackbar open={noSensors} autoHideDuration={SNACKBAR_MS} onClose={() => setNoSensors(false)}>
        <Alert severity="info" onClose={() => setNoSensors(false)}>
          {t('explore.noSensors')}
        </Alert>
      </Snackbar>
    </Stack>
  );
};
