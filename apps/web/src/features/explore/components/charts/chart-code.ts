import { useEffect, useState, type ComponentType } from 'react';
import type { ChartType } from '../../utils/workspace';
import type { ChartProps } from './chart-types';

export type DrawnChartType = Exclude<ChartType, 'map'>;

/**
 * The @nivo charts' code (about 100 KB gzip, @nivo/line and @nivo/bar in chunks of their own), asked
 * for when a chart of the type is first on the page: the workspace then renders, and asks for its data,
 * as soon as its own code has run, and the charts' code arrives beside the data instead of before it
 * (bench:explore-web). A bar chart's code is not loaded for a page of time series.
 */
const loaders: Readonly<Record<DrawnChartType, () => Promise<ComponentType<ChartProps>>>> = {
  timeSeries: () => import('./time-series-chart').then((m) => m.TimeSeriesChart),
  range: () => import('./range-chart').then((m) => m.RangeChart),
  bar: () => import('./bar-chart').then((m) => m.BarChart),
  histogram: () => import('./histogram-chart').then((m) => m.HistogramChart),
};

const loaded = new Map<DrawnChartType, ComponentType<ChartProps>>();

/**
 * The chart component of `type` once its code is here (null until then, and for no type); asks for
 * the code on first use. A chunk that cannot be loaded is thrown to the route's error boundary, as a
 * page's own code would be.
 */
export const useChartCode = (type: DrawnChartType | null): ComponentType<ChartProps> | null => {
  const [, setLoads] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (type === null || loaded.has(type)) return;
    let live = true;
    loaders[type]().then(
      (component) => {
        loaded.set(type, component);
        if (live) setLoads((n) => n + 1);
      },
      (error: unknown) => {
        if (live) setFailure(error ?? new Error(`The ${type} chart could not be loaded.`));
      },
    );
    return () => {
      live = false;
    };
  }, [type]);
  if (failure !== null) throw failure;
  return type === null ? null : (loaded.get(type) ?? null);
};
