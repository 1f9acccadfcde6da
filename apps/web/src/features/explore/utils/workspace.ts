import {
  ChartType as SavedChartType,
  FAST_TIMES,
  FastTime,
  type Bookmark,
  type BookmarkModuleId,
  type FastTime as SavedFastTime,
  type VizBookmark,
} from '@groundtruth/domain';
import { BREAKPOINTS } from '@/config/constants';
import type { TimeRange } from '@/components/charts/chart-types';

export type { TimeRange };

/** Spec §3 chart types by name; the bookmark numbers them (the domain codec's ChartType). */
export const CHART_TYPES = ['timeSeries', 'histogram', 'range', 'map', 'bar'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
const CHART_TYPE_NUMBER: Readonly<Record<ChartType, SavedChartType>> = {
  timeSeries: SavedChartType.TimeSeries,
  histogram: SavedChartType.Histogram,
  range: SavedChartType.Range,
  map: SavedChartType.Map,
  bar: SavedChartType.Bar,
};

/** Spec §3 fast ranges in days, in the order of the buttons: all 0, custom −1; the default is 14. */
export const QUICK_RANGES = [
  FastTime.Day,
  FastTime.Week,
  FastTime.TwoWeeks,
  FastTime.Month,
  FastTime.Year,
  FastTime.All,
] as const;
export const FAST_TIME_ALL = FastTime.All;
export const FAST_TIME_CUSTOM = FastTime.Custom;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A number of days as a bookmark's quick range: one of spec §3's, else a custom range. */
export const asFastTime = (days: number): SavedFastTime =>
  (FAST_TIMES as readonly number[]).includes(days) ? (days as SavedFastTime) : FastTime.Custom;

/** A module is one of ours by id; an old portal bookmark may name it by a string (its station and sensor decide then). */
export type SeriesRef = { readonly stationId: number; readonly moduleId: BookmarkModuleId; readonly sensorId: number };

export type Viz = {
  readonly id: string;
  readonly series: readonly SeriesRef[];
  /** The visible time range (ms). */
  readonly range: TimeRange;
  readonly geo: VizBookmark[2];
  readonly chartType: ChartType;
  /** Days of the quick range, 0 for all, −1 for a custom range. */
  readonly fastTime: SavedFastTime;
};

/** Charts in a group are linked: they share time zoom (spec §4). */
export type Group = { readonly id: string; readonly vizes: readonly Viz[] };

export type Workspace = {
  readonly groups: readonly Group[];
  readonly stations: readonly number[];
  readonly projects: readonly number[];
  readonly context: Bookmark['c'];
  /** Ids are counters so the reducer stays pure (and its output comparable in tests). */
  readonly nextId: number;
};

export type WorkspaceAction =
  /** A zoom: a custom range, or a quick range (fastTime ≥ 0) already measured back from the data's end. */
  | { readonly type: 'zoom'; readonly vizId: string; readonly range: TimeRange; readonly fastTime?: SavedFastTime }
  /** A drag pans the group's window by `byMs` (a custom range from then on). */
  | { readonly type: 'drag'; readonly vizId: string; readonly byMs: number }
  | { readonly type: 'remove'; readonly vizId: string }
  /** A copy of the chart below it, in the same group (linked), to point at another station or sensor. */
  | { readonly type: 'compare'; readonly vizId: string }
  | { readonly type: 'changeSensors'; readonly vizId: string; readonly series: readonly SeriesRef[] }
  | { readonly type: 'changeChartType'; readonly vizId: string; readonly chartType: ChartType }
  | { readonly type: 'geoZoom'; readonly vizId: string; readonly bounds: VizBookmark[2] }
  /** Unlink: the chart leaves its group for a group of its own just below. */
  | { readonly type: 'unlink'; readonly vizId: string }
  /** Link: the chart joins the group above and takes its time range. */
  | { readonly type: 'link'; readonly vizId: string }
  /** The header's add-chart button (spec §2): a new group below the others, one chart of `series`. */
  | { readonly type: 'addChart'; readonly series: SeriesRef; readonly range: TimeRange; readonly fastTime: SavedFastTime }
  /** Opening a station with no groups: its first chart (spec §4); ignored once there are charts. */
  | { readonly type: 'seed'; readonly series: SeriesRef; readonly range: TimeRange; readonly fastTime: SavedFastTime };

const chartTypeOf = (n: number): ChartType => CHART_TYPES.find((name) => CHART_TYPE_NUMBER[name] === n) ?? 'timeSeries'; // spec §8

const vizFromSaved = (saved: VizBookmark, id: string): Viz => ({
  id,
  series: saved[0].map(([stationId, [moduleId, sensorId]]) => ({ stationId, moduleId, sensorId })),
  range: [saved[1][0], saved[1][1]],
  geo: saved[2],
  chartType: chartTypeOf(saved[3]),
  fastTime: saved[4],
});

const unique = (ids: readonly number[]): number[] => [...new Set(ids)];

/** The workspace a bookmark describes (rows of a group are read one after another). */
export const workspaceFromBookmark = (bookmark: Bookmark): Workspace => {
  let next = 0;
  const groups = bookmark.g
    .map((group) => ({ id: `g${next++}`, vizes: group.flat().map((v) => vizFromSaved(v, `v${next++}`)) }))
    .filter((g) => g.vizes.length > 0);
  const seriesStations = groups.flatMap((g) => g.vizes.flatMap((v) => v.series.map((s) => s.stationId)));
  return {
    groups,
    stations: unique([...bookmark.s, ...seriesStations]),
    projects: [...bookmark.p],
    context: bookmark.c,
    nextId: next,
  };
};

const savedViz = (viz: Viz): VizBookmark => [
  viz.series.map((s) => [s.stationId, [s.moduleId, s.sensorId]] as const),
  [Math.round(viz.range[0]), Math.round(viz.range[1])],
  viz.geo,
  CHART_TYPE_NUMBER[viz.chartType],
  viz.fastTime,
];

/** The bookmark a workspace publishes: each group is one row of its charts. */
export const bookmarkOf = (ws: Workspace): Bookmark => ({
  v: 1,
  g: ws.groups.map((g) => [g.vizes.map(savedViz)]),
  s: unique([...ws.stations, ...ws.groups.flatMap((g) => g.vizes.flatMap((v) => v.series.map((s) => s.stationId)))]),
  p: ws.projects,
  c: ws.context,
});

/** A viz for one sensor over a window (opening a station without groups, spec §4). */
export const singleSensorViz = (id: string, series: SeriesRef, range: TimeRange, fastTime: SavedFastTime): Viz => ({
  id,
  series: [series],
  range,
  geo: [],
  chartType: 'timeSeries',
  fastTime,
});

const locate = (ws: Workspace, vizId: string): { g: number; v: number } | null => {
  for (let g = 0; g < ws.groups.length; g++) {
    const v = ws.groups[g]!.vizes.findIndex((viz) => viz.id === vizId);
    if (v >= 0) return { g, v };
  }
  return null;
};

const withGroups = (ws: Workspace, groups: readonly Group[], nextId = ws.nextId): Workspace => ({ ...ws, groups, nextId });

const mapGroup = (ws: Workspace, g: number, f: (group: Group) => Group): Workspace =>
  withGroups(
    ws,
    ws.groups.map((group, i) => (i === g ? f(group) : group)),
  );

const mapViz = (ws: Workspace, vizId: string, f: (viz: Viz) => Viz): Workspace => {
  const at = locate(ws, vizId);
  if (!at) return ws;
  return mapGroup(ws, at.g, (group) => ({ ...group, vizes: group.vizes.map((v, i) => (i === at.v ? f(v) : v)) }));
};

/** Whether a chart may be removed or unlinked: every chart but the first of the top group (spec §2). */
export const isAnchor = (ws: Workspace, vizId: string): boolean => ws.groups[0]?.vizes[0]?.id === vizId;

/** The explore workspace's one state change (spec §4); the next bookmark is `bookmarkOf(next)`. */
export const workspaceReducer = (ws: Workspace, action: WorkspaceAction): Workspace => {
  if (action.type === 'seed') {
    if (ws.groups.length > 0) return ws;
    const viz = singleSensorViz(`v${ws.nextId + 1}`, action.series, action.range, action.fastTime);
    return { ...ws, groups: [{ id: `g${ws.nextId}`, vizes: [viz] }], nextId: ws.nextId + 2 };
  }
  if (action.type === 'addChart') {
    const viz = singleSensorViz(`v${ws.nextId + 1}`, action.series, action.range, action.fastTime);
    const stations = unique([...ws.stations, action.series.stationId]);
    return { ...ws, stations, groups: [...ws.groups, { id: `g${ws.nextId}`, vizes: [viz] }], nextId: ws.nextId + 2 };
  }
  const at = locate(ws, action.vizId);
  if (!at) return ws;
  switch (action.type) {
    case 'zoom': {
      const [start, end] = action.range;
      if (!(end > start)) return ws;
      const fastTime = action.fastTime ?? FAST_TIME_CUSTOM;
      // Linked charts share time zoom.
      return mapGroup(ws, at.g, (group) => ({
        ...group,
        vizes: group.vizes.map((v) => ({ ...v, range: [start, end], fastTime })),
      }));
    }
    case 'drag': {
      if (action.byMs === 0) return ws;
      return mapGroup(ws, at.g, (group) => ({
        ...group,
        vizes: group.vizes.map((v) => ({
          ...v,
          range: [v.range[0] + action.byMs, v.range[1] + action.byMs],
          fastTime: FAST_TIME_CUSTOM,
        })),
      }));
    }
    case 'remove': {
      if (isAnchor(ws, action.vizId)) return ws;
      const groups = ws.groups
        .map((group, i) => (i === at.g ? { ...group, vizes: group.vizes.filter((v) => v.id !== action.vizId) } : group))
        .filter((group) => group.vizes.length > 0);
      return withGroups(ws, groups);
    }
    case 'compare': {
      const source = ws.groups[at.g]!.vizes[at.v]!;
      const copy: Viz = { ...source, id: `v${ws.nextId}` };
      const groups = ws.groups.map((group, i) =>
        i === at.g ? { ...group, vizes: [...group.vizes.slice(0, at.v + 1), copy, ...group.vizes.slice(at.v + 1)] } : group,
      );
      return withGroups(ws, groups, ws.nextId + 1);
    }
    case 'changeSensors': {
      if (action.series.length === 0) return ws;
      const next = mapViz(ws, action.vizId, (v) => ({ ...v, series: action.series }));
      return { ...next, stations: unique([...next.stations, ...action.series.map((s) => s.stationId)]) };
    }
    case 'changeChartType':
      return mapViz(ws, action.vizId, (v) => ({ ...v, chartType: action.chartType }));
    case 'geoZoom':
      return mapViz(ws, action.vizId, (v) => ({ ...v, geo: action.bounds }));
    case 'unlink': {
      const group = ws.groups[at.g]!;
      if (group.vizes.length < 2) return ws;
      const viz = group.vizes[at.v]!;
      const own: Group = { id: `g${ws.nextId}`, vizes: [viz] };
      const rest: Group = { ...group, vizes: group.vizes.filter((v) => v.id !== viz.id) };
      const groups = [...ws.groups.slice(0, at.g), rest, own, ...ws.groups.slice(at.g + 1)];
      return withGroups(ws, groups, ws.nextId + 1);
    }
    case 'link': {
      if (at.g === 0) return ws;
      const above = ws.groups[at.g - 1]!;
      const model = above.vizes[0]!;
      const viz = { ...ws.groups[at.g]!.vizes[at.v]!, range: model.range, fastTime: model.fastTime };
      const groups = ws.groups
        .map((group, i) => {
          if (i === at.g - 1) return { ...group, vizes: [...group.vizes, viz] };
          if (i === at.g) return { ...group, vizes: group.vizes.filter((v) => v.id !== viz.id) };
          return group;
        })
        .filter((group) => group.vizes.length > 0);
      return withGroups(ws, groups);
    }
  }
};

/**
 * Whether the header's add-chart button works (spec §2): not while the only chart has no data (a new
 * chart of the same station would have none either).
 */
export const canAddChart = (ws: Workspace, hasData: (viz: Viz) => boolean): boolean => {
  const vizes = ws.groups.flatMap((g) => g.vizes);
  if (vizes.length === 0) return false;
  return vizes.length > 1 || hasData(vizes[0]!);
};

/**
 * Spec §3 fast ranges, measured back from the data's end (not from now): the window of `days` days
 * before `extent[1]`, or the whole extent for all (0).
 */
export const quickRange = (days: number, extent: TimeRange): TimeRange => {
  if (days === FAST_TIME_ALL) return extent;
  return [extent[1] - days * DAY_MS, extent[1]];
};

/** Spec §9 mobile: narrower than 768; the workspace and its prefetch ask the browser the same question. */
export const MOBILE_MEDIA_QUERY = `(max-width: ${BREAKPOINTS.mobile - 0.05}px)`;

/** Spec §4, §9: on mobile the queried range is widened by 3 days each side. */
export const MOBILE_WIDENING_MS = 3 * DAY_MS;
export const queriedRange = (range: TimeRange, mobile: boolean): TimeRange =>
  mobile ? [range[0] - MOBILE_WIDENING_MS, range[1] + MOBILE_WIDENING_MS] : range;
