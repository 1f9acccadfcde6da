import { DomainError } from '../kernel/domain-error.js';

/**
 * The explore workspace's bookmark (spec §3 Bookmark; fieldkit-compat.md Bookmarks), version 1:
 * `{ v: 1, g: groups, s: stationIds, p: projectIds, c: { project, map } | null }`. Groups nest three
 * deep (group → row → viz); a viz is `[series, [startMs, endMs], geoBounds | [], chartType, fastTime]`
 * with series `[[stationId, [moduleId, sensorId]], …]`.
 *
 * The old portal also wrote a 6-element viz, `[stations, sensors, [startMs, endMs], geoBounds | [],
 * chartType, fastTime]` (separate station and sensor lists; the sixth element is the fast range);
 * its own reader (`migrateBookmark` in the old portal's viz.ts) kept the first station with the
 * first sensor, and so does this one.
 */

export const BOOKMARK_VERSION = 1;

export const ChartType = { TimeSeries: 0, Histogram: 1, Range: 2, Map: 3, Bar: 4 } as const;
export type ChartType = (typeof ChartType)[keyof typeof ChartType];
export const CHART_TYPES: readonly ChartType[] = [0, 1, 2, 3, 4];

/** Quick ranges in days counted back from the latest reading; 0 all, −1 a custom range. */
export const FastTime = { Custom: -1, All: 0, Day: 1, Week: 7, TwoWeeks: 14, Month: 30, Year: 365 } as const;
export type FastTime = (typeof FastTime)[keyof typeof FastTime];
export const FAST_TIMES: readonly FastTime[] = [-1, 0, 1, 7, 14, 30, 365];
export const DEFAULT_FAST_TIME: FastTime = FastTime.TwoWeeks;

/** A module is named by its numeric id here; the old portal's bookmarks may name it by a string. */
export type BookmarkModuleId = number | string;
export type VizSensor = readonly [moduleId: BookmarkModuleId, sensorId: number];
export type VizSeries = readonly [stationId: number, sensor: VizSensor];
export type GeoBounds = readonly [readonly [number, number], readonly [number, number]];
export type VizBookmark = readonly [
  series: readonly VizSeries[],
  range: readonly [startMs: number, endMs: number],
  geo: GeoBounds | readonly [],
  chartType: ChartType,
  fastTime: FastTime,
];
export type RowBookmark = readonly VizBookmark[];
export type GroupBookmark = readonly RowBookmark[];
export type BookmarkContext = { readonly project: number | null; readonly map: boolean };
export type Bookmark = {
  readonly v: 1;
  readonly g: readonly GroupBookmark[];
  readonly s: readonly number[];
  readonly p: readonly number[];
  readonly c: BookmarkContext | null;
};

/** Bounds that keep a bookmark a workspace, not a payload. */
export const BOOKMARK_LIMITS = {
  /** Characters of the JSON text. */
  text: 32_768,
  groups: 50,
  rowsPerGroup: 20,
  vizPerRow: 20,
  seriesPerViz: 20,
  stations: 500,
  projects: 100,
} as const;

export const BOOKMARK_INVALID = 'BOOKMARK.INVALID';
export const BOOKMARK_VERSION_UNKNOWN = 'BOOKMARK.VERSION_UNKNOWN';

class Bad extends Error {
  constructor(
    readonly path: string,
    readonly why: string,
  ) {
    super(`${path}: ${why}`);
  }
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isSafeInteger(x);
const isFinite = (x: unknown): x is number => typeof x === 'number' && Number.isFinite(x);

const array = (x: unknown, path: string, max: number, what: string): unknown[] => {
  if (!Array.isArray(x)) throw new Bad(path, 'must be a list');
  if (x.length > max) throw new Bad(path, `at most ${max} ${what}`);
  return x;
};

const id = (x: unknown, path: string): number => {
  if (!isInt(x) || x < 0) throw new Bad(path, 'must be a whole number ≥ 0');
  return x;
};

const moduleId = (x: unknown, path: string): BookmarkModuleId => {
  if (isInt(x) && x >= 0) return x;
  if (typeof x === 'string' && x.length > 0 && x.length <= 64) return x;
  throw new Bad(path, 'must be a module id (a whole number, or the old portal’s string of 1 to 64 characters)');
};

const sensor = (x: unknown, path: string): VizSensor => {
  const pair = array(x, path, 2, 'elements');
  if (pair.length !== 2) throw new Bad(path, 'must be [moduleId, sensorId]');
  return [moduleId(pair[0], `${path}[0]`), id(pair[1], `${path}[1]`)];
};

const series = (x: unknown, path: string): VizSeries => {
  const pair = array(x, path, 2, 'elements');
  if (pair.length !== 2) throw new Bad(path, 'must be [stationId, [moduleId, sensorId]]');
  return [id(pair[0], `${path}[0]`), sensor(pair[1], `${path}[1]`)];
};

const time = (x: unknown, path: string): number => {
  if (!isFinite(x) || Math.abs(x) > 8_640_000_000_000) throw new Bad(path, 'must be a time in ms since 1970');
  return x === 0 ? 0 : x; // -0 is 0
};

const range = (x: unknown, path: string): readonly [number, number] => {
  const pair = array(x, path, 2, 'elements');
  if (pair.length !== 2) throw new Bad(path, 'must be [startMs, endMs]');
  const start = time(pair[0], `${path}[0]`);
  const end = time(pair[1], `${path}[1]`);
  if (end < start) throw new Bad(path, 'must not end before it starts');
  return [start, end];
};

const coordinate = (x: unknown, path: string): readonly [number, number] => {
  const pair = array(x, path, 2, 'elements');
  if (pair.length !== 2 || !isFinite(pair[0]) || !isFinite(pair[1])) throw new Bad(path, 'must be [longitude, latitude]');
  const [lng, lat] = pair as [number, number];
  if (Math.abs(lng) > 360 || Math.abs(lat) > 90) throw new Bad(path, 'is not a place on Earth');
  return [lng === 0 ? 0 : lng, lat === 0 ? 0 : lat];
};

const geo = (x: unknown, path: string): GeoBounds | readonly [] => {
  const pair = array(x, path, 2, 'corners');
  if (pair.length === 0) return [];
  if (pair.length !== 2) throw new Bad(path, 'must be [] or [[lng, lat], [lng, lat]]');
  return [coordinate(pair[0], `${path}[0]`), coordinate(pair[1], `${path}[1]`)];
};

/** Spec §8: an unknown chart type falls back to time series. */
const chartType = (x: unknown, path: string): ChartType => {
  if (!isInt(x)) throw new Bad(path, 'must be a chart type (0 to 4)');
  return (CHART_TYPES as readonly number[]).includes(x) ? (x as ChartType) : ChartType.TimeSeries;
};

const fastTime = (x: unknown, path: string): FastTime => {
  if (!isInt(x) || !(FAST_TIMES as readonly number[]).includes(x))
    throw new Bad(path, `must be a quick range: ${FAST_TIMES.join(', ')}`);
  return x as FastTime;
};

const viz = (x: unknown, path: string): VizBookmark => {
  const v = array(x, path, 6, 'elements');
  if (v.length === 6) {
    // The old portal's form: [stations, sensors, range, geo, chartType, fastTime].
    const stations = array(v[0], `${path}[0]`, BOOKMARK_LIMITS.seriesPerViz, 'stations');
    const sensors = array(v[1], `${path}[1]`, BOOKMARK_LIMITS.seriesPerViz, 'sensors');
    const first: VizSeries[] =
      stations.length > 0 && sensors.length > 0 ? [[id(stations[0], `${path}[0][0]`), sensor(sensors[0], `${path}[1][0]`)]] : [];
    return [
      first,
      range(v[2], `${path}[2]`),
      geo(v[3], `${path}[3]`),
      chartType(v[4], `${path}[4]`),
      fastTime(v[5], `${path}[5]`),
    ];
  }
  if (v.length !== 5) throw new Bad(path, 'must be [series, [startMs, endMs], geoBounds | [], chartType, fastTime]');
  const list = array(v[0], `${path}[0]`, BOOKMARK_LIMITS.seriesPerViz, 'series');
  return [
    list.map((s, i) => series(s, `${path}[0][${i}]`)),
    range(v[1], `${path}[1]`),
    geo(v[2], `${path}[2]`),
    chartType(v[3], `${path}[3]`),
    fastTime(v[4], `${path}[4]`),
  ];
};

const context = (x: unknown, path: string): BookmarkContext | null => {
  if (x === null || x === undefined) return null;
  if (typeof x !== 'object' || Array.isArray(x)) throw new Bad(path, 'must be { project, map } or null');
  const c = x as Record<string, unknown>;
  const project = c['project'] === null || c['project'] === undefined ? null : id(c['project'], `${path}.project`);
  if (c['map'] !== undefined && typeof c['map'] !== 'boolean') throw new Bad(`${path}.map`, 'must be true or false');
  return { project, map: c['map'] === true };
};

/**
 * Reads a bookmark (a parsed JSON value). Throws a validation DomainError: `BOOKMARK.VERSION_UNKNOWN`
 * for a version other than 1, `BOOKMARK.INVALID` naming the first bad place (`g[0][1][0][2]: …`).
 * Missing `p` reads as `[]` and missing `c` as null, as the old portal did.
 */
export const parseBookmark = (input: unknown): Bookmark => {
  try {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new Bad('bookmark', 'must be an object');
    const o = input as Record<string, unknown>;
    if (o['v'] !== BOOKMARK_VERSION) {
      throw new DomainError(
        'validation',
        BOOKMARK_VERSION_UNKNOWN,
        `Unknown bookmark version ${JSON.stringify(o['v'] ?? null)}: only version ${BOOKMARK_VERSION} is known.`,
        { v: `Must be ${BOOKMARK_VERSION}.` },
      );
    }
    const g = array(o['g'], 'g', BOOKMARK_LIMITS.groups, 'groups').map((group, gi) =>
      array(group, `g[${gi}]`, BOOKMARK_LIMITS.rowsPerGroup, 'rows').map((row, ri) =>
        array(row, `g[${gi}][${ri}]`, BOOKMARK_LIMITS.vizPerRow, 'charts').map((v, vi) => viz(v, `g[${gi}][${ri}][${vi}]`)),
      ),
    );
    const s = array(o['s'] ?? [], 's', BOOKMARK_LIMITS.stations, 'stations').map((x, i) => id(x, `s[${i}]`));
    const p = array(o['p'] ?? [], 'p', BOOKMARK_LIMITS.projects, 'projects').map((x, i) => id(x, `p[${i}]`));
    return { v: 1, g, s, p, c: context(o['c'], 'c') };
  } catch (e) {
    if (e instanceof Bad) {
      throw new DomainError('validation', BOOKMARK_INVALID, `Not a valid bookmark: ${e.message}.`, { [e.path]: e.why });
    }
    throw e;
  }
};

/** Reads a bookmark from its JSON text (as in `?bookmark=`); bad JSON is `BOOKMARK.INVALID`. */
export const decodeBookmark = (text: string): Bookmark => {
  if (text.length > BOOKMARK_LIMITS.text) {
    throw new DomainError('validation', BOOKMARK_INVALID, `A bookmark is at most ${BOOKMARK_LIMITS.text} characters.`, {
      bookmark: 'too long',
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new DomainError('validation', BOOKMARK_INVALID, 'Not a valid bookmark: not JSON.', { bookmark: 'not JSON' });
  }
  return parseBookmark(value);
};

/**
 * The one canonical text of a bookmark: keys in the order v, g, s, p, c (c's project, map), no
 * spaces, numbers as JavaScript prints them, the old viz form written in the new one. Two bookmarks
 * that mean the same have the same text, so a content address over it gives them the same token.
 */
export const serializeBookmark = (b: Bookmark): string => {
  const c = b.c === null ? null : { project: b.c.project, map: b.c.map };
  return JSON.stringify({ v: b.v, g: b.g, s: b.s, p: b.p, c });
};

/** `decodeBookmark` then `serializeBookmark`: the canonical text of any accepted form. */
export const canonicalBookmark = (text: string): string => serializeBookmark(decodeBookmark(text));

/** Every station a bookmark names: its station list and every series' station, each once. */
export const bookmarkStations = (b: Bookmark): number[] => {
  const ids = new Set<number>(b.s);
  for (const group of b.g) for (const row of group) for (const v of row) for (const [stationId] of v[0]) ids.add(stationId);
  return [...ids];
};
