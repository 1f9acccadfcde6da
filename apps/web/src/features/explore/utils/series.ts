import { fromColumns, type SensorDataColumns, type SensorDataRow, type SensorsMeta } from '@groundtruth/contracts';
import type { TimePoint } from '@/components/charts/gaps';
import type { SeriesRef } from './workspace';

export type MetaSensor = SensorsMeta['modules'][number]['sensors'][number];

/** Spec §9: at most three axes (one per unit) and two series unless more are asked for. */
export const MAX_AXES = 3;
export const DEFAULT_MAX_SERIES = 2;

/** The catalogue sensor with this id. */
export const sensorById = (meta: SensorsMeta | undefined, sensorId: number): MetaSensor | undefined => {
  if (!meta) return undefined;
  for (const m of meta.modules) {
    const found = m.sensors.find((s) => s.id === sensorId);
    if (found) return found;
  }
  return undefined;
};

/**
 * A sensor's name in the app's language, else English, else its key: its `label`, the name the station
 * page, the maps and the pickers show, so one sensor has one name everywhere. The catalogue's
 * `chartLabel` is not used: for flood depth it reads 'Flood Depth Threshold (Inches)', a threshold's
 * name, while the chart draws the depth itself (its unit is on the axis).
 */
export const sensorTitle = (sensor: MetaSensor | undefined, locale: string, fallback: string): string => {
  if (!sensor) return fallback;
  const strings = sensor.strings[locale.toLowerCase()] ?? sensor.strings['en-us'] ?? Object.values(sensor.strings)[0];
  return strings?.label ?? sensor.key;
};

export type SeriesRows = { readonly ref: SeriesRef; readonly rows: readonly SensorDataRow[] };

/**
 * Whether an answer's series is the one a chart names. An old portal bookmark may name its module by
 * a string (not a module id of ours): its station and sensor decide then.
 */
export const isSeries = (s: SensorDataColumns['series'][number], ref: SeriesRef): boolean =>
  s.stationId === ref.stationId &&
  s.sensorId === ref.sensorId &&
  (typeof ref.moduleId === 'string' || s.moduleId === ref.moduleId);

/** The compact answer's rows of each series, in time order (decoded by the contract's `fromColumns`). */
export const splitSeries = (answer: SensorDataColumns | undefined, series: readonly SeriesRef[]): SeriesRows[] =>
  series.map((ref) => {
    const found = answer?.series.filter((s) => isSeries(s, ref)) ?? [];
    return { ref, rows: answer && found.length > 0 ? fromColumns({ ...answer, series: found }).data : [] };
  });

export const toPoints = (rows: readonly SensorDataRow[]): TimePoint[] => rows.map((r) => ({ x: r.time, y: r.value }));

export { axisGroups, axisKey, type AxisGroup, type AxisOf } from '@/components/charts/axes';

/**
 * Whether one more series needs the reader's say-so (spec §9): a chart has two series unless more were
 * asked for on it. A chart opened with more than two (an older bookmark) still asks before the next.
 */
export const moreSeriesNeedsConfirmation = (count: number, moreAsked: boolean): boolean =>
  !moreAsked && count >= DEFAULT_MAX_SERIES;
