import type { SensorsMeta, Station } from '@groundtruth/contracts';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHART_RESOLUTION, RANGE_RESOLUTION } from '@/components/charts/buckets';
import { useChartData, vizChartRequest } from '../api/get-chart-data';
import { useDayRangeDraft } from '../hooks/use-day-range-draft';
import { OVERVIEW_WIDTH, overviewPaths, overviewSeries } from '../utils/scrubber-overview';
import { SCRUBBER_HEIGHT } from '../utils/scrubber';
import { dataExtent } from '../utils/station-sensors';
import {
  FAST_TIME_ALL,
  FAST_TIME_CUSTOM,
  QUICK_RANGES,
  asFastTime,
  quickRange,
  type Group,
  type SeriesRef,
  type TimeRange,
  type WorkspaceAction,
} from '../utils/workspace';
import { ChartCard } from './chart-card';
import { DayRangeFields } from './day-range-fields';
import { Scrubber } from './scrubber';

type ChartGroupProps = {
  readonly group: Group;
  readonly index: number;
  readonly stations: readonly Station[];
  readonly meta: SensorsMeta | undefined;
  readonly mobile: boolean;
  readonly anchorId: string | null;
  /** The bookmark's project, whose photo heads a saved chart image. */
  readonly projectId: number | null;
  readonly dispatch: (action: WorkspaceAction) => void;
};

/**
 * A group of linked charts (spec §2 chart controls): quick ranges counted back from the data's end,
 * two date pickers for a custom range, the charts, and one scrubber under them.
 */
export const ChartGroup = ({ group, index, stations, meta, mobile, anchorId, projectId, dispatch }: ChartGroupProps) => {
  const { t } = useTranslation();
  const headingId = useId();
  const first = group.vizes[0]!;
  const mine = stations.filter((s) => group.vizes.some((v) => v.series.some((r) => r.stationId === s.id)));
  const extent: TimeRange | null = dataExtent(mine);
  const zoom = (range: TimeRange, fastTime?: number) =>
    dispatch({ type: 'zoom', vizId: first.id, range, ...(fastTime === undefined ? {} : { fastTime: asFastTime(fastTime) }) });

  // Typed dates are taken whole (a custom range), not at each keystroke.
  const dates = useDayRangeDraft(first.range, (range) => zoom(range, FAST_TIME_CUSTOM));

  const scrubDomain: TimeRange = extent
    ? [Math.min(extent[0], first.range[0]), Math.max(extent[1], first.range[1])]
    : first.range;

  // The scrubber's overview: the group's data over all of it, every series of its charts in one question
  // (for a group of one chart, the same as its 'All' quick range, which the chart prefetches: one cache
  // entry, no extra request). Asked, and asked again when the group's series change, only once the
  // charts' data has come and nothing is fetching, so it never delays a chart (the last overview stays
  // drawn meanwhile).
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: ['explore-data'] });
  const chartsAnswered =
    fetching === 0 &&
    queryClient
      .getQueryCache()
      .findAll({ queryKey: ['explore-data'] })
      .some((q) => q.state.status === 'success');
  const wanted = overviewSeries(group.vizes);
  const [overviewOf, setOverviewOf] = useState<readonly SeriesRef[] | null>(null);
  if (chartsAnswered && extent !== null && JSON.stringify(overviewOf) !== JSON.stringify(wanted)) setOverviewOf(wanted);
  const drawsTime = group.vizes.find((v) => v.chartType !== 'map');
  const overview = useChartData(
    overviewOf !== null && extent !== null && drawsTime && overviewOf.length > 0
      ? vizChartRequest(
          { series: overviewOf, range: quickRange(FAST_TIME_ALL, extent) },
          mobile,
          drawsTime.chartType === 'range' ? RANGE_RESOLUTION : CHART_RESOLUTION,
        )
      : null,
  );

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 1, md: 2 } }}
      data-testid="explore-group"
      data-range={`${first.range[0]},${first.range[1]}`}
      data-fast-time={first.fastTime}
    >
      <Typography id={headingId} component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('explore.group', { index: index + 1 })}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={first.fastTime}
          aria-label={t('explore.quickRanges')}
          onChange={(_, days: number | null) => {
            // A quick range, even the one already chosen (null here), puts its range back in the date fields.
            dates.discard();
            if (days === null || extent === null) return;
            zoom(quickRange(days, extent), days);
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          {QUICK_RANGES.map((days) => (
            <ToggleButton key={days} value={days} disabled={extent === null}>
              {t(`explore.ranges.${days}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <DayRangeFields dates={dates} fromLabel={t('explore.from')} toLabel={t('explore.to')} />
      </Stack>
      <Stack spacing={2}>
        {group.vizes.map((viz, i) => (
          <ChartCard
            key={viz.id}
            viz={viz}
            stations={stations}
            meta={meta}
            mobile={mobile}
            removable={viz.id !== anchorId}
            canLink={index > 0 && i === 0 && group.vizes.length === 1}
            canUnlink={group.vizes.length > 1 && viz.id !== anchorId}
            extent={extent}
            projectId={projectId}
            dispatch={dispatch}
          />
        ))}
      </Stack>
      <Stack sx={{ mt: 1 }}>
        <Scrubber
          domain={scrubDomain}
          selection={first.range}
          onZoom={(range, cleared) => zoom(range, cleared && extent ? 0 : FAST_TIME_CUSTOM)}
          overview={overviewPaths(overview.data, scrubDomain, OVERVIEW_WIDTH, SCRUBBER_HEIGHT, overviewOf ?? [])}
        />
      </Stack>
    </Paper>
  );
};
