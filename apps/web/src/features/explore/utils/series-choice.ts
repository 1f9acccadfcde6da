import type { StationSensor } from './station-sensors';
import type { SeriesRef } from './workspace';

/** A station a series may be moved to: its id and what a picker shows of it. */
export type StationChoice = { readonly id: number; readonly name: string; readonly place: string | null };

/**
 * The series a picker lands on when its station changes: the same catalogue sensor at the other
 * station (pH stays pH, in whichever module it has it), else that station's first sensor; null when
 * the station has no sensor to chart.
 */
export const seriesAtStation = (current: SeriesRef, sensors: readonly StationSensor[]): SeriesRef | null => {
  const same = sensors.find((s) => s.sensorId === current.sensorId) ?? sensors[0];
  return same ? { stationId: same.stationId, moduleId: same.moduleId, sensorId: same.sensorId } : null;
};

/**
 * The stations a series' picker offers: the workspace's own first (those it has loaded), then every
 * other station the asker may see, by name; each once.
 */
export const stationChoices = (workspace: readonly StationChoice[], visible: readonly StationChoice[]): StationChoice[] => {
  const own = new Set(workspace.map((s) => s.id));
  return [...workspace, ...visible.filter((s) => !own.has(s.id)).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)];
};
