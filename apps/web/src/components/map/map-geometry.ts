/**
 * Map arithmetic without MapLibre (so it sits in the main bundle and tests without a browser).
 * Positions are [longitude, latitude], as in GeoJSON and the API; bounds are [[west, south], [east, north]],
 * the form the bounds routes carry as JSON in the path.
 */
export type LngLat = readonly [number, number];
export type Bounds = readonly [LngLat, LngLat];

/** Spec §9 map constants. */
export const MAP_CONSTANTS = {
  /** Zoom when the map is opened on a centre rather than bounds. */
  defaultZoom: 10,
  /** A fit to bounds never zooms closer than this. */
  maxZoomAfterFit: 19,
  /** Pixels kept free around fitted bounds. */
  fitPadding: 20,
  /** Margin around the default centre when there is nothing to show. */
  defaultMargin: 10_000,
  /** Margin around a single station. */
  singlePointMargin: 1_000,
  /** Otherwise the margin is this many times the largest span (in degrees) of the stations. */
  spanMarginFactor: 50_000,
  /** Margin units per degree of latitude and of longitude. */
  latitudeFactor: 364_000,
  longitudeFactor: 288_200,
  /** The map measures its container again this long after a change of size. */
  resizeDelayMs: 100,
} as const;

/**
 * The zoom of a station's own small map (the station page's, an explore map chart of one station), and
 * the closest such a map fits to: a town or two across, close enough to see where the station is, and
 * not so close that the shipped basemap (coast, lakes, town names: no streets) shows a plain colour.
 */
export const SMALL_MAP_ZOOM = 11;

/** Where the map opens when there is nothing to show: the foothills of the San Gabriel Mountains. */
export const DEFAULT_CENTER: LngLat = [-118.1, 34.2];

const clampLatitude = (lat: number): number => Math.min(85, Math.max(-85, lat));
const clampLongitude = (lng: number): number => Math.min(180, Math.max(-180, lng));

const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A real position on the globe. */
export const isLngLat = (value: unknown): value is LngLat =>
  Array.isArray(value) &&
  value.length === 2 &&
  isFiniteNumber(value[0]) &&
  isFiniteNumber(value[1]) &&
  Math.abs(value[0]) <= 180 &&
  Math.abs(value[1]) <= 90;

/** Bounds around a centre, `margin` units to each side. */
export const boundsAroundCenter = (center: LngLat, margin: number): Bounds => {
  const dLng = margin / MAP_CONSTANTS.longitudeFactor;
  const dLat = margin / MAP_CONSTANTS.latitudeFactor;
  return [
    [clampLongitude(center[0] - dLng), clampLatitude(center[1] - dLat)],
    [clampLongitude(center[0] + dLng), clampLatitude(center[1] + dLat)],
  ];
};

/** What the map shows when there is nothing to show. */
export const defaultBounds = (): Bounds => boundsAroundCenter(DEFAULT_CENTER, MAP_CONSTANTS.defaultMargin);

/**
 * Bounds that show every position with a margin (spec §9): 1,000 units around a single point,
 * else 50,000 times the largest span; null when there are no positions.
 */
export const boundsAround = (positions: readonly LngLat[]): Bounds | null => {
  const valid = positions.filter(isLngLat);
  const first = valid[0];
  if (!first) return null;
  let [west, south] = first;
  let [east, north] = first;
  for (const [lng, lat] of valid) {
    west = Math.min(west, lng);
    east = Math.max(east, lng);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  const span = Math.max(east - west, north - south);
  const margin = span === 0 ? MAP_CONSTANTS.singlePointMargin : span * MAP_CONSTANTS.spanMarginFactor;
  const dLng = margin / MAP_CONSTANTS.longitudeFactor;
  const dLat = margin / MAP_CONSTANTS.latitudeFactor;
  return [
    [clampLongitude(west - dLng), clampLatitude(south - dLat)],
    [clampLongitude(east + dLng), clampLatitude(north + dLat)],
  ];
};

/** Whether a position lies within bounds (edges included). */
export const containsPosition = (bounds: Bounds, [lng, lat]: LngLat): boolean => {
  const [[west, south], [east, north]] = bounds;
  if (lat < south || lat > north) return false;
  // Bounds crossing the antimeridian have west > east.
  return west <= east ? lng >= west && lng <= east : lng >= west || lng <= east;
};

/**
 * Bounds from the text of a bounds route (JSON `[[west, south], [east, north]]`, already URI-decoded);
 * null for anything else, so a bad link opens the default view instead of breaking the page.
 */
export const parseBounds = (text: string | undefined | null): Bounds | null => {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [sw, ne] = value as unknown[];
  if (!isLngLat(sw) || !isLngLat(ne) || sw[1] > ne[1]) return null;
  return [
    [sw[0], sw[1]],
    [ne[0], ne[1]],
  ];
};

/** Bounds rounded for a link: 6 decimals (about 10 cm) keep URLs short and stable. */
export const roundBounds = (bounds: Bounds): Bounds => {
  const r = (n: number) => Math.round(n * 1e6) / 1e6;
  return [
    [r(bounds[0][0]), r(bounds[0][1])],
    [r(bounds[1][0]), r(bounds[1][1])],
  ];
};

/** A stable text key of bounds, to tell one view from another. */
export const boundsKey = (bounds: Bounds): string => JSON.stringify(roundBounds(bounds));
