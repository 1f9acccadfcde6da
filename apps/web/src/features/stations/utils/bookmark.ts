/** Spec §3 / fieldkit-compat: a bookmark of the explore workspace, version 1. */
export type Bookmark = {
  readonly v: 1;
  readonly g: unknown[];
  readonly s: number[];
  readonly p: number[];
  readonly c: { readonly project: number; readonly map: boolean } | null;
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** Chart type 0: time series. */
const TIME_SERIES = 0;

export type ModuleBookmarkInput = {
  readonly stationId: number;
  readonly moduleId: number;
  readonly sensorId: number;
  /** ms of the station's latest reading; quick ranges count back from it (now when it has none). */
  readonly dataEnd: number | null;
  /** The quick range in days (14, or 1 in flood mode). */
  readonly days: number;
  readonly projectId?: number | null;
  readonly now?: number;
};

/**
 * The bookmark that opens one module sensor in the explore workspace: one group, one row, one time
 * series of the last `days` days of data; groups nest group → row → viz, and a viz is
 * `[series, [startMs, endMs], geoBounds, chartType, fastTime]`.
 */
export const moduleBookmark = ({
  stationId,
  moduleId,
  sensorId,
  dataEnd,
  days,
  projectId = null,
  now = Date.now(),
}: ModuleBookmarkInput): Bookmark => {
  const end = dataEnd ?? now;
  const viz = [[[stationId, [moduleId, sensorId]]], [end - days * DAY_MS, end], [], TIME_SERIES, days];
  return {
    v: 1,
    g: [[[viz]]],
    s: [stationId],
    p: projectId === null ? [] : [projectId],
    c: projectId === null ? null : { project: projectId, map: false },
  };
};
