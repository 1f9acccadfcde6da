import { useEffect, useState, type ComponentType } from 'react';
import type { ChartProps } from './chart-types';

/** The charts drawn with @nivo (explore's map chart is its own). */
export type DrawnChartType = 'timeSeries' | 'range' | 'bar' | 'histogram';

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
const loading = new Map<DrawnChartType, Promise<ComponentType<ChartProps>>>();

/** The chart code of `type`, asked for once: by the first chart of the type, or ahead of it. */
const loadChartCode = (type: DrawnChartType): Promise<ComponentType<ChartProps>> => {
  let promise = loading.get(type);
  if (!promise) {
    promise = loaders[type]().then((component) => {
      loaded.set(type, component);
      return component;
    });
    // A failed load may be asked again (the next chart of the type), and tells its chart.
    promise.catch(() => loading.delete(type));
    loading.set(type, promise);
  }
  return promise;
};

/**
 * Asks for the chart code of `type` ahead of its chart (the workspace's prefetch, once the bookmark is
 * known): the code arrives and runs while the page's own code does, and the chart's first render finds
 * it instead of asking for it once mounted (bench:explore-web). A failure is left to the chart.
 */
export const preloadChartCode = (type: DrawnChartType): void => {
  loadChartCode(type).catch(() => undefined);
};

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
    loadChartCode(type).then(
      () => {
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
