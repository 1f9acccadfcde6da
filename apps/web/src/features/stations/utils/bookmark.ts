import { ChartType, FAST_TIMES, FastTime, type Bookmark, type VizBookmark } from '@groundtruth/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

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
 * The bookmark (the domain codec's type) that opens one module sensor in the explore workspace: one group, one row, one time
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
  const fastTime = (FAST_TIMES as readonly number[]).includes(days) ? (days as FastTime) : FastTime.Custom;
  const viz: VizBookmark = [[[stationId, [moduleId, sensorId]]], [end - days * DAY_MS, end], [], ChartType.TimeSeries, fastTime];
  return {
    v: 1,
    g: [[[viz]]],
    s: [stationId],
    p: projectId === null ? [] : [projectId],
    c: projectId === null ? null : { project: projectId, map: false },
  };
};
