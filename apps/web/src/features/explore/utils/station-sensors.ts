import type { Station } from '@groundtruth/contracts';
import type { FastTime } from '@groundtruth/domain';
import { asFastTime, quickRange, type SeriesRef, type TimeRange } from './workspace';

export type StationSensor = SeriesRef & { readonly name: string; readonly moduleName: string; readonly unit: string };

/** The sensors of a station that can be charted (a catalogue id, a visible module), in module and sensor order. */
export const stationSensors = (station: Station): StationSensor[] => {
  const modules = [...(station.configurations.all[0]?.modules ?? [])]
    .filter((m) => !m.internal)
    .sort((a, b) => a.position - b.position || a.id - b.id);
  return modules.flatMap((m) =>
    [...m.sensors]
      .sort((a, b) => a.order - b.order)
      .flatMap((s) =>
        s.sensorId === null
          ? []
          : [
              {
                stationId: station.id,
                moduleId: m.id,
                sensorId: s.sensorId,
                name: s.name,
                moduleName: m.name,
                unit: s.unitOfMeasure,
              },
            ],
      ),
  );
};

/**
 * Spec §4: a station opened without groups shows its first sensor with a module over the last `days`
 * days (14, or 1 in flood mode) before its latest reading; all time when it has no readings. Null
 * when it has no sensor to chart (the no-sensors notice).
 */
export const defaultChart = (
  station: Station,
  days: number,
  now: number,
): { series: SeriesRef; range: TimeRange; fastTime: FastTime } | null => {
  const first = stationSensors(station)[0];
  if (!first) return null;
  const series = { stationId: first.stationId, moduleId: first.moduleId, sensorId: first.sensorId };
  if (!station.data) return { series, range: [0, now], fastTime: 0 };
  const extent = [Date.parse(station.data.start), Date.parse(station.data.end) + 1] as const;
  return { series, range: quickRange(days, extent), fastTime: asFastTime(days) };
};

/** The span of the stations' readings (ms, end exclusive), or null when none has any. */
export const dataExtent = (stations: readonly Station[]): readonly [number, number] | null => {
  const ranges = stations.flatMap((s) => (s.data ? [[Date.parse(s.data.start), Date.parse(s.data.end) + 1] as const] : []));
  if (ranges.length === 0) return null;
  return [Math.min(...ranges.map((r) => r[0])), Math.max(...ranges.map((r) => r[1]))];
};
