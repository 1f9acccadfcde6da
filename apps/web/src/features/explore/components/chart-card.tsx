import type { SensorsMeta, Station } from '@groundtruth/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLocalDate } from '@/lib/format';
import { useChartData, usePrefetchQuickRanges, vizChartRequest } from '../api/get-chart-data';
import type { ChartDrawer } from '../utils/chart-image';
import { CHART_RESOLUTION, RANGE_RESOLUTION, describeAggregation, rawResolution } from '@/components/charts/buckets';
import { clampZoom } from '@/components/charts/brush';
import { rawStillAsked, rawToggle } from '../utils/raw-readings';
import { MAX_AXES, axisGroups, sensorById, sensorTitle } from '../utils/series';
import { stationSensors } from '../utils/station-sensors';
import { SERIES_COLOURS, chartSeriesOf, thresholdsOf } from '../utils/chart-series';
import { FAST_TIME_CUSTOM, type SeriesRef, type TimeRange, type Viz, type WorkspaceAction } from '../utils/workspace';
import { useChartCode, type DrawnChartType } from '@/components/charts/chart-code';
import { ChartEventLayer } from '@/components/charts/chart-event-layer';
import { MapChart } from './charts/map-chart';
import { AddSeriesButton } from './add-series-button';
import { ChartLoadError } from './chart-load-error';
import { SaveChartMenu, svgChart } from './save-chart-menu';
import { SeriesPicker } from './series-picker';
import { AggregationBadge } from './aggregation-badge';
import { ChartCardToolbar } from './chart-card-toolbar';

const CHART_HEIGHT = 320;

type ChartCardProps = {
  readonly viz: Viz;
  readonly stations: readonly Station[];
  readonly meta: SensorsMeta | undefined;
  readonly mobile: boolean;
  readonly removable: boolean;
  readonly canLink: boolean;
  readonly canUnlink: boolean;
  readonly extent: TimeRange | null;
  /** The bookmark's project, whose photo heads a saved chart image. */
  readonly projectId: number | null;
  readonly dispatch: (action: WorkspaceAction) => void;
};

/** One chart of a group: its controls (type, series, compare, link, remove), its data and its summary badge. */
export const ChartCard = ({
  viz,
  stations,
  meta,
  mobile,
  removable,
  canLink,
  canUnlink,
  extent,
  projectId,
  dispatch,
}: ChartCardProps) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const [raw, setRaw] = useState(false);
  const drawn = useRef<HTMLDivElement>(null);
  /** The map chart's drawer, set by it while its map is shown. */
  const drawMap = useRef<ChartDrawer | null>(null);

  const isRange = viz.chartType === 'range';
  // The range chart is about each bucket's spread: it never offers raw readings (a band of one reading).
  const rawRes = isRange ? null : rawResolution(viz.range);
  // Raw readings hold for windows short enough for them: a longer one ends the request (no stale
  // 'Show summarised' beside a summary, and no raw readings coming back unasked on a shorter window).
  if (raw !== rawStillAsked(raw, rawRes !== null)) setRaw(false);
  const summarised = isRange ? RANGE_RESOLUTION : CHART_RESOLUTION;
  const resolution = raw && rawRes !== null ? rawRes : summarised;
  const isMap = viz.chartType === 'map';
  const answer = useChartData(isMap ? null : vizChartRequest(viz, mobile, resolution));
  // Asked for beside the data: the chart's code is no longer what the data waits behind.
  const Chart = useChartCode(isMap ? null : (viz.chartType as DrawnChartType));
  // Summarised (not raw) charts take the quick ranges' data ahead of a click.
  usePrefetchQuickRanges(viz, extent, mobile, !isMap && !raw && answer.isSuccess, summarised);

  const stationName = (id: number) => stations.find((s) => s.id === id)?.name ?? `#${id}`;
  const seriesMeta = viz.series.map((ref) => sensorById(meta, ref.sensorId));
  const labels = viz.series.map(
    (ref, i) => `${sensorTitle(seriesMeta[i], locale, `#${ref.sensorId}`)} · ${stationName(ref.stationId)}`,
  );
  const title = labels.join(', ');
  const sensorKeys = viz.series.map((ref, i) => seriesMeta[i]?.key ?? `#${ref.sensorId}`);
  const tooManyAxes =
    axisGroups(seriesMeta.map((m, i) => ({ unit: m?.unitOfMeasure ?? '', sensorKey: sensorKeys[i] ?? '' }))).length > MAX_AXES;

  const chartSeries = chartSeriesOf(answer.data, viz.series, { labels, seriesMeta, sensorKeys, locale });
  const hasData = chartSeries.some((s) => s.points.some((p) => p.y !== null && p.x >= viz.range[0] && p.x <= viz.range[1]));
  // Drawn data waiting for its chart's code (a map's is its own; a map keeps a chart's last data as placeholder).
  const awaitingCode = !isMap && hasData && Chart === null;
  const aggregation = answer.data
    ? describeAggregation(
        answer.data,
        seriesMeta.map((m) => m?.aggregation ?? 'avg'),
      )
    : null;
  const reset = extent ? () => dispatch({ type: 'zoom', vizId: viz.id, range: extent, fastTime: 0 }) : undefined;
  const isTimeChart = viz.chartType === 'timeSeries' || isRange || viz.chartType === 'bar';
  // A drag across a time chart (or a zoom key) zooms its group (linked charts follow), kept to the
  // span its scrubber covers: the group's data and the window shown.
  const zoomLimit: TimeRange | null = extent ? [Math.min(extent[0], viz.range[0]), Math.max(extent[1], viz.range[1])] : null;
  const zoomTo = (range: TimeRange) =>
    dispatch({ type: 'zoom', vizId: viz.id, range: clampZoom(range, zoomLimit), fastTime: FAST_TIME_CUSTOM });

  const setSeries = (index: number, next: SeriesRef | null) => {
    const series = next === null ? viz.series.filter((_, i) => i !== index) : viz.series.map((s, i) => (i === index ? next : s));
    if (index === viz.series.length && next !== null) series.push(next);
    dispatch({ type: 'changeSensors', vizId: viz.id, series });
  };

  let body;
  if (isMap) {
    const first = viz.series[0]!;
    const vizMeta = seriesMeta[0]?.viz[0];
    body = (
      <MapChart
        series={first}
        stations={stations}
        range={viz.range}
        thresholds={thresholdsOf(vizMeta, locale)}
        unit={seriesMeta[0]?.unitOfMeasure ?? ''}
        aggregation={seriesMeta[0]?.aggregation ?? 'avg'}
        height={CHART_HEIGHT}
        drawRef={drawMap}
      />
    );
  } else if (tooManyAxes) {
    body = <Alert severity="warning">{t('explore.tooManyAxes')}</Alert>;
  } else if (answer.isPending || awaitingCode || (answer.isPlaceholderData && !hasData)) {
    // Also while a new window loads over the last one's data that has nothing in it: a skeleton of
    // the chart's height, not 'no data' (which would shrink the page and scroll the reader away).
    body = <Skeleton variant="rectangular" height={CHART_HEIGHT} aria-label={t('explore.loading')} />;
  } else if (answer.isError) {
    body = <ChartLoadError error={answer.error} onRetry={() => void answer.refetch()} />;
  } else if (!hasData) {
    body = (
      <Box sx={{ height: 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <Typography color="text.secondary">{t('explore.noData')}</Typography>
      </Box>
    );
  } else if (Chart !== null) {
    body = (
      <Chart
        series={chartSeries}
        domain={viz.range}
        height={CHART_HEIGHT}
        locale={locale}
        label={title}
        {...(reset && (viz.chartType === 'histogram' || viz.chartType === 'range') ? { onReset: reset } : {})}
        {...(isTimeChart ? { onZoom: zoomTo } : {})}
      />
    );
  }

  const sensorOptions = stations.flatMap((s) => stationSensors(s));
  const optionKey = (r: SeriesRef) => `${r.stationId}:${r.moduleId}:${r.sensorId}`;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: 1.5 }}
      data-testid="explore-chart"
      data-chart-type={viz.chartType}
      data-state={answer.isFetching || awaitingCode ? 'loading' : hasData || isMap ? 'drawn' : 'empty'}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' }, mb: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {t('explore.chart', { title })}
        </Typography>
        <ChartCardToolbar
          viz={viz}
          canLink={canLink}
          canUnlink={canUnlink}
          removable={removable}
          dispatch={dispatch}
          saveMenu={
            isMap || (hasData && Chart !== null && !tooManyAxes) ? (
              <SaveChartMenu
                draw={
                  isMap
                    ? (area) => {
                        const draw = drawMap.current;
                        if (!draw) throw new Error('The map is not drawn yet.');
                        return draw(area);
                      }
                    : async () => svgChart(drawn.current)
                }
                title={title}
                subtitle={`${formatLocalDate(viz.range[0])} – ${formatLocalDate(viz.range[1])}`}
                range={viz.range}
                mobile={mobile}
                projectId={projectId}
              />
            ) : null
          }
        />
      </Stack>

      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1, alignItems: 'center' }}>
        {viz.series.map((ref, i) => (
          <SeriesPicker
            key={`${i}-${optionKey(ref)}`}
            index={i}
            value={ref}
            colour={SERIES_COLOURS[i % SERIES_COLOURS.length]!}
            stations={stations}
            meta={meta}
            locale={locale}
            onChange={(next) => setSeries(i, next)}
            {...(viz.series.length > 1 ? { onRemove: () => setSeries(i, null) } : {})}
          />
        ))}
        {sensorOptions.length > 0 && (
          <AddSeriesButton
            count={viz.series.length}
            onAdd={() => {
              // The next sensor not on the chart yet (else the first again).
              const next = sensorOptions.find((o) => !viz.series.some((s) => optionKey(s) === optionKey(o))) ?? sensorOptions[0]!;
              setSeries(viz.series.length, { stationId: next.stationId, moduleId: next.moduleId, sensorId: next.sensorId });
            }}
          />
        )}
        {aggregation && !isMap && (
          <AggregationBadge
            aggregation={aggregation}
            locale={locale}
            envelope={isRange || (viz.chartType === 'timeSeries' && chartSeries.some((cs) => cs.envelope))}
            toggle={rawToggle(raw, rawRes !== null, aggregation.kind)}
            onRaw={setRaw}
          />
        )}
      </Stack>
      <Box sx={{ position: 'relative' }}>
        <div ref={drawn}>{body}</div>
        {hasData && Chart !== null && viz.chartType !== 'histogram' && (
          <ChartEventLayer sensors={viz.series} domain={viz.range} />
        )}
      </Box>
    </Paper>
  );
};
