import type { TimeRange } from './chart-types';

/** A data event as a chart needs it (spec §2: drawn on every chart showing one of its sensors). */
export type ChartEvent = {
  readonly id: number;
  readonly title: string;
  readonly startMs: number;
  readonly endMs: number;
  /** The sensors it is about; empty with `allSensors` for all of a project's. */
  readonly sensors: readonly { readonly stationId: number; readonly sensorId: number }[];
  readonly allSensors: boolean;
  /** The stations of the project an all-sensors event covers (its sensors then are all of theirs). */
  readonly stations: readonly number[];
};

/** Where an event sits on a time axis: fractions of the window's width; a point when start = end. */
export type EventMark = {
  readonly id: number;
  readonly title: string;
  readonly from: number;
  readonly to: number;
  readonly point: boolean;
};

/**
 * The events a chart of these sensors over this window draws, as fractions of its time axis (0 the
 * window's start, 1 its end), clipped to the window; those about other sensors or outside it are left out.
 */
export const eventMarks = (
  events: readonly ChartEvent[],
  sensors: readonly { readonly stationId: number; readonly sensorId: number }[],
  domain: TimeRange,
): EventMark[] => {
  const [d0, d1] = domain;
  const span = d1 - d0;
  if (!(span > 0)) return [];
  const shown = (e: ChartEvent) =>
    e.allSensors
      ? sensors.some((s) => e.stations.includes(s.stationId))
      : e.sensors.some((a) => sensors.some((s) => s.stationId === a.stationId && s.sensorId === a.sensorId));
  return events
    .filter((e) => shown(e) && e.endMs >= d0 && e.startMs <= d1)
    .map((e) => ({
      id: e.id,
      title: e.title,
      from: (Math.max(e.startMs, d0) - d0) / span,
      to: (Math.min(e.endMs, d1) - d0) / span,
      point: e.startMs === e.endMs,
    }))
    .sort((a, b) => a.from - b.from || a.id - b.id);
};
