/**
 * The hidden features page's switches (spec §2 Hidden features page, §9), kept in the browser's local
 * storage: the chart data backend (default 'tsdb'; sent as GET /sensors/data's `backend`, which the API
 * accepts for compatibility) and the tiny charts of the station pages (on unless switched off).
 */
export const DATA_BACKENDS = ['tsdb', 'postgres'] as const;
export type DataBackend = (typeof DATA_BACKENDS)[number];

const BACKEND_KEY = 'gt.dataBackend';
const TINY_CHARTS_KEY = 'gt.tinyCharts';

const storage = (): Storage | null => (typeof window === 'undefined' ? null : window.localStorage);

export const featureFlags = {
  dataBackend: (): DataBackend => {
    const stored = storage()?.getItem(BACKEND_KEY);
    return DATA_BACKENDS.find((b) => b === stored) ?? 'tsdb';
  },
  setDataBackend: (backend: DataBackend): void => storage()?.setItem(BACKEND_KEY, backend),
  tinyCharts: (): boolean => storage()?.getItem(TINY_CHARTS_KEY) !== 'false',
  setTinyCharts: (on: boolean): void => storage()?.setItem(TINY_CHARTS_KEY, on ? 'true' : 'false'),
};
