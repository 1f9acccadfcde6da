/**
 * The explore workspace's bookmark, version 1 (spec §3; fieldkit-compat "Bookmarks"):
 * `{ v: 1, g: [groups], s: [stationIds], p: [projectIds], c: { project, map } | null }`; groups nest
 * three deep (group → row → viz) and a viz is `[series, [startMs, endMs], geoBounds | [], chartType,
 * fastTime]` with series `[[stationId, [moduleId, sensorId]], …]`.
 *
 * This reader is the web app's own until the shared codec of libs/domain (issue 14 part A) is merged;
 * it accepts the old six-element viz form too (the sixth element is dropped).
 */

export type SavedSeries = readonly [number, readonly [number, number]];
export type SavedViz = readonly [readonly SavedSeries[], readonly [number, number], readonly number[], number, number];
export type SavedGroup = readonly (readonly SavedViz[])[];

export type Bookmark = {
  readonly v: 1;
  readonly g: readonly SavedGroup[];
  readonly s: readonly number[];
  readonly p: readonly number[];
  readonly c: { readonly project: number; readonly map: boolean } | null;
};

export class BookmarkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BookmarkError';
  }
}

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

const fail = (message: string): never => {
  throw new BookmarkError(message);
};

const readSeries = (raw: unknown): SavedSeries => {
  if (!Array.isArray(raw) || raw.length !== 2 || !isInt(raw[0])) return fail('A series is [stationId, [moduleId, sensorId]].');
  const pair: unknown = raw[1];
  if (!Array.isArray(pair) || pair.length !== 2 || !isInt(pair[0]) || !isInt(pair[1])) {
    return fail('A series is [stationId, [moduleId, sensorId]].');
  }
  return [raw[0], [pair[0], pair[1]]];
};

const readViz = (raw: unknown): SavedViz => {
  // Five elements, or the old form's six.
  if (!Array.isArray(raw) || raw.length < 5 || raw.length > 6) return fail('A visualisation has five elements.');
  const [series, range, geo, chartType, fastTime] = raw as unknown[];
  if (!Array.isArray(series)) return fail('A visualisation starts with its series.');
  if (!Array.isArray(range) || range.length !== 2 || !isNum(range[0]) || !isNum(range[1])) {
    return fail('A visualisation has a time range [start, end].');
  }
  const bounds = geo === null || geo === undefined ? [] : geo;
  if (!Array.isArray(bounds) || !bounds.every(isNum)) return fail('Geographic bounds are numbers.');
  if (!isInt(chartType)) return fail('A chart type is a number.');
  if (!isInt(fastTime)) return fail('A quick range is a number of days.');
  return [series.map(readSeries), [range[0], range[1]], bounds, chartType, fastTime];
};

const readIds = (raw: unknown, what: string): number[] => {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || !raw.every(isInt)) return fail(`${what} are whole numbers.`);
  return [...raw];
};

/** Reads a bookmark (parsed JSON or its text); throws BookmarkError for anything else (spec §8: unknown version). */
export const readBookmark = (input: unknown): Bookmark => {
  let raw = input;
  if (typeof input === 'string') {
    try {
      raw = JSON.parse(input) as unknown;
    } catch {
      return fail('The bookmark is not JSON.');
    }
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('The bookmark is not an object.');
  const b = raw as Record<string, unknown>;
  if (b.v !== 1) return fail(`Unknown bookmark version ${String(b.v)}.`);
  if (!Array.isArray(b.g)) return fail('The bookmark has no groups.');
  const groups = b.g.map((group: unknown) => {
    if (!Array.isArray(group)) return fail('A group is a list of rows.');
    return group.map((row: unknown) => {
      if (!Array.isArray(row)) return fail('A row is a list of visualisations.');
      return row.map(readViz);
    });
  });
  let context: Bookmark['c'] = null;
  if (b.c !== undefined && b.c !== null) {
    const c = b.c as Record<string, unknown>;
    if (typeof c !== 'object' || !isInt(c.project)) return fail('The context names a project.');
    context = { project: c.project, map: c.map === true };
  }
  return { v: 1, g: groups, s: readIds(b.s, 'Station ids'), p: readIds(b.p, 'Project ids'), c: context };
};

/** The bookmark's stations: its own list, then any its series name that the list lacks. */
export const bookmarkStations = (bookmark: Bookmark): number[] => {
  const ids = [...bookmark.s];
  for (const group of bookmark.g)
    for (const row of group)
      for (const viz of row) for (const [stationId] of viz[0]) if (!ids.includes(stationId)) ids.push(stationId);
  return ids;
};
