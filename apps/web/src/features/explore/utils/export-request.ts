import type { Station } from '@groundtruth/contracts';
import type { SeriesRef, TimeRange } from './workspace';

/** What an export asks for (spec §7 /export/*): stations, sensors, [start, end) in ms and the reader's time zone. */
export type ExportRequest = {
  readonly stations: readonly number[];
  readonly sensors: readonly number[];
  readonly start: number;
  readonly end: number;
  readonly tz: string;
};

/** Why exporting is not offered (spec §2): off in flood partner mode, and for stations whose model name contains NodeRed. */
export type ExportRefusal = 'off' | 'nodeRed';

export const exportRefusal = (exportEnabled: boolean, stations: readonly Pick<Station, 'model'>[]): ExportRefusal | null => {
  if (!exportEnabled) return 'off';
  if (stations.some((s) => s.model !== null && s.model.includes('NodeRed'))) return 'nodeRed';
  return null;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Local midnight of a moment's day. */
export const startOfLocalDay = (ms: number): number => {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
};

/**
 * The export the workspace suggests: its charts' stations and sensors (each once, in order of use)
 * over whole local days covering the first group's window; the panel lets the reader change each.
 */
export const suggestedExport = (series: readonly SeriesRef[], range: TimeRange, tz: string): ExportRequest => {
  const start = startOfLocalDay(range[0]);
  const lastDay = startOfLocalDay(Math.max(range[0], range[1] - 1));
  return {
    stations: [...new Set(series.map((s) => s.stationId))],
    sensors: [...new Set(series.map((s) => s.sensorId))],
    start,
    end: lastDay + DAY_MS,
    tz,
  };
};

/** Whether the request can be sent: a station, a sensor, and an end after the start. */
export const exportRequestProblem = (r: ExportRequest): 'stations' | 'sensors' | 'range' | null => {
  if (r.stations.length === 0) return 'stations';
  if (r.sensors.length === 0) return 'sensors';
  if (!(r.end > r.start)) return 'range';
  return null;
};
