import { moduleById, sensorById } from '../sensors/catalogue.js';
import type { LatestReading } from '../sensors/station-sensors.js';

/**
 * What "latest" means on every map, list card, hover card and station page: the newest reading of
 * a sensor, at any time (each sensor's `value_last` of the daily aggregates). A map shows one
 * sensor per station, its primary sensor; "Recent" mode shows another, named quantity: the
 * highest reading of that sensor within the recent window (72 h; 1 h in flood mode).
 */

/** Whether the catalogue gives the sensor threshold levels (flood depth): such a sensor is shown first. */
const hasThresholds = (sensorId: number): boolean =>
  (sensorById(sensorId)?.viz ?? []).some((viz) => !!viz.thresholds && viz.thresholds.levels.length > 0);

const rank = (row: LatestReading, positions: ReadonlyMap<number, number>): number[] => {
  const sensor = sensorById(row.sensorId);
  const module = sensor ? moduleById(sensor.moduleId) : undefined;
  return [
    hasThresholds(row.sensorId) ? 0 : 1,
    module?.internal ? 1 : 0,
    sensor?.internal ? 1 : 0,
    sensor ? 0 : 1,
    positions.get(row.moduleId) ?? Number.MAX_SAFE_INTEGER,
    sensor?.ordering ?? Number.MAX_SAFE_INTEGER,
    row.sensorId,
  ];
};

const isBefore = (a: readonly number[], b: readonly number[]): boolean => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
};

/**
 * The station's primary sensor's latest reading, among its sensors' latest readings: a sensor with
 * threshold levels first (flood depth), then sensors of modules that are not internal (diagnostics
 * and random tests last), sensors that are not internal, known to the catalogue, then by the
 * station module's position (`positions`: module id → position) and the catalogue's sensor order.
 */
export function primaryLatest(latest: readonly LatestReading[], positions: ReadonlyMap<number, number>): LatestReading | null {
  let best: LatestReading | null = null;
  let bestRank: number[] = [];
  for (const row of latest) {
    const r = rank(row, positions);
    if (best === null || isBefore(r, bestRank)) {
      best = row;
      bestRank = r;
    }
  }
  return best;
}

/** A map viewport in degrees; `west > east` crosses the antimeridian. */
export type MapBox = { readonly west: number; readonly south: number; readonly east: number; readonly north: number };

/** Whether a point (longitude, latitude) lies in the box, edges included. */
export function inMapBox(box: MapBox, longitude: number, latitude: number): boolean {
  if (latitude < box.south || latitude > box.north) return false;
  return box.west <= box.east ? longitude >= box.west && longitude <= box.east : longitude >= box.west || longitude <= box.east;
}
