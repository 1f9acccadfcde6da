import { SensorDataColumns, sensorRoutes } from '@groundtruth/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callRoute } from '@/lib/call-route';
import { worthAskingAgain } from '@/lib/query-client';
import { featureFlags } from '@/lib/feature-flags';
import { CHART_RESOLUTION } from '@/components/charts/buckets';
import { QUICK_RANGES, queriedRange, quickRange, type TimeRange, type Viz } from '../utils/workspace';

export type ChartDataRequest = {
  readonly stations: readonly number[];
  readonly sensors: readonly number[];
  readonly range: TimeRange;
  readonly resolution: number;
};

/**
 * What a chart (not a map) asks for: its series over its window, widened on a phone, in `resolution`
 * buckets. The chart and the route's prefetch both ask through this, so they share one cache entry.
 */
export const vizChartRequest = (
  viz: Pick<Viz, 'series' | 'range'>,
  mobile: boolean,
  resolution: number = CHART_RESOLUTION,
): ChartDataRequest => ({
  stations: viz.series.map((s) => s.stationId),
  sensors: viz.series.map((s) => s.sensorId),
  range: queriedRange(viz.range, mobile),
  resolution,
});

const sorted = (ids: readonly number[]): number[] => [...new Set(ids)].sort((a, b) => a - b);

/**
 * One query per chart, keyed by what it asks (stations, sensors, window, resolution): an action that
 * leaves a chart's question alone (a chart type, another group's zoom) reruns nothing.
 */
export const chartDataQueryOptions = ({ stations, sensors, range, resolution }: ChartDataRequest) => {
  const start = Math.max(0, Math.floor(range[0]));
  const end = Math.max(start + 1, Math.ceil(range[1]));
  const key = { stations: sorted(stations), sensors: sorted(sensors), start, end, resolution };
  return queryOptions({
    queryKey: ['explore-data', key] as const,
    queryFn: ({ signal }) =>
      // The compact columns form (times implied by start and bucket size, readings at their precision).
      callRoute(sensorRoutes.sensorData, {
        signal,
        schema: SensorDataColumns,
        query: {
          format: 'columns',
          stations: key.stations.join(','),
          sensors: key.sensors.join(','),
          start: key.start,
          end: key.end,
          resolution: key.resolution,
          // The hidden features page's choice (spec §9: 'tsdb' unless set); the API accepts it for compatibility.
          backend: featureFlags.dataBackend(),
        },
      }),
    staleTime: 60_000,
  });
};

/**
 * A chart's data; the previous answer stays on screen while a new window loads. A 4xx the route's
 * prefetch already had (a station not there) is not asked again as the chart mounts.
 */
export const useChartData = (request: ChartDataRequest | null) => {
  const queryClient = useQueryClient();
  const options = chartDataQueryOptions(request ?? { stations: [], sensors: [], range: [0, 1], resolution: 1 });
  return useQuery({
    ...options,
    enabled: request !== null && request.stations.length > 0 && request.sensors.length > 0,
    placeholderData: keepPreviousData,
    retryOnMount: worthAskingAgain(queryClient, options.queryKey),
  });
};

/**
 * The chart's data for each quick range of its group (spec §3: day … all, back from the data's end),
 * asked for once the chart's data has come and its frame is painted: a click on a quick range then
 * redraws from the cache instead of waiting for the API (bench:explore-web). Small answers (1000
 * buckets at most), parsed as they come and stored, drawn by nothing until asked for; kept for the
 * cache's minute like any chart's, and a range already held is not asked for again.
 */
export const usePrefetchQuickRanges = (
  viz: Pick<Viz, 'series'>,
  extent: TimeRange | null,
  mobile: boolean,
  enabled: boolean,
  /** The chart's summarised resolution (a range chart asks fewer buckets than a time series). */
  resolution: number = CHART_RESOLUTION,
): void => {
  const queryClient = useQueryClient();
  const series = JSON.stringify(viz.series);
  const [from, to] = extent ?? [null, null];
  useEffect(() => {
    if (!enabled || from === null || to === null) return;
    let timer = 0;
    // After the next frame: the chart's own drawing goes first.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        for (const days of QUICK_RANGES) {
          const range = quickRange(days, [from, to]);
          const request = vizChartRequest({ series: JSON.parse(series) as Viz['series'], range }, mobile, resolution);
          void queryClient.prefetchQuery(chartDataQueryOptions(request));
        }
      });
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [queryClient, series, from, to, mobile, enabled, resolution]);
};
