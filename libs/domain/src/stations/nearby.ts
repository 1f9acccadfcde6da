import type { StationLocation } from './station.events.js';
import { distanceMetres, generalDistance, NEARBY_STATION_RADIUS_METRES } from './station.rules.js';

/**
 * A station's location as one asker may see it: exact, or the general one (spec §2 project form).
 * Everything answered to that asker about where the station stands (membership of a neighbour
 * list, a distance, an order) is computed from this and nothing else, or repeated questions would
 * give the exact spot away (moving one's own station and asking again triangulates it).
 */
export type SeenLocation = StationLocation & { readonly exact: boolean };

/**
 * How far a general location (coordinates rounded to 0.01°) lies from the exact one, at most, on
 * each axis: a search box widened by this on the general coordinates holds every station whose
 * exact or general location is inside the box.
 */
export const GENERAL_LOCATION_SLACK_DEGREES = 0.005;

const EARTH_RADIUS_METRES = 6_371_008.8;

/**
 * The box (in degrees) that holds every location within the nearby radius of `here`, widened so
 * that a filter on general coordinates keeps every candidate. Longitude ranges may run past ±180;
 * `wraps` says the box spans every longitude (near the poles).
 */
export const nearbySearchBox = (
  here: StationLocation,
): { latitude: [number, number]; longitude: [number, number]; wraps: boolean } => {
  const dLat = (NEARBY_STATION_RADIUS_METRES / EARTH_RADIUS_METRES) * (180 / Math.PI) * 1.01;
  const slack = GENERAL_LOCATION_SLACK_DEGREES * 1.01;
  // The box's widest longitude span is at its latitude farthest from the equator.
  const farthest = Math.min(90, Math.abs(here.latitude) + dLat + slack);
  const cos = Math.max(Math.cos((farthest * Math.PI) / 180), 1e-6);
  const dLng = dLat / cos + slack;
  return {
    latitude: [here.latitude - dLat - slack, here.latitude + dLat + slack],
    longitude: [here.longitude - dLng, here.longitude + dLng],
    wraps: dLng >= 180,
  };
};

/**
 * Stations within the nearby radius (spec §9, 1,609.344 m) of `here`, nearest first (then by id),
 * from the locations as the asker sees them. A distance is as exact as the vaguer of the two
 * locations it joins: to a tenth of a metre between exact ones, else to the kilometre.
 */
export const nearbyStations = (
  here: SeenLocation,
  candidates: readonly { readonly id: number; readonly location: SeenLocation }[],
): { id: number; distance: number }[] =>
  candidates
    .map((c) => ({ id: c.id, metres: distanceMetres(here, c.location), exact: here.exact && c.location.exact }))
    .filter((c) => c.metres <= NEARBY_STATION_RADIUS_METRES)
    .sort((a, b) => a.metres - b.metres || a.id - b.id)
    .map((c) => ({ id: c.id, distance: c.exact ? Math.round(c.metres * 10) / 10 : generalDistance(c.metres) }));
