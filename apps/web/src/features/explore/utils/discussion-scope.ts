import type { Workspace } from './workspace';

/** What the workspace tells its discussion (spec §2 Comments and data events): where a data event applies. */
export type DiscussionScope = {
  /** The bookmark's project (its Administrators may post data events). */
  readonly projectId: number | null;
  /** Each sensor the charts show, once, as station and sensor ids. */
  readonly sensors: readonly { readonly stationId: number; readonly sensorId: number }[];
  /** Spec §2: the posts toggle shows only when no group is empty. */
  readonly groupsFilled: boolean;
  /** The top chart's window (ms), to start a new event with. */
  readonly range: readonly [number, number] | null;
};

export const discussionScope = (ws: Workspace): DiscussionScope => {
  const seen = new Set<string>();
  const sensors: { stationId: number; sensorId: number }[] = [];
  for (const group of ws.groups)
    for (const viz of group.vizes)
      for (const s of viz.series) {
        const key = `${s.stationId}:${s.sensorId}`;
        if (seen.has(key)) continue;
        seen.add(key);
        sensors.push({ stationId: s.stationId, sensorId: s.sensorId });
      }
  const top = ws.groups[0]?.vizes[0];
  return {
    projectId: ws.context?.project ?? ws.projects[0] ?? null,
    sensors,
    groupsFilled: ws.groups.length > 0 && ws.groups.every((g) => g.vizes.length > 0 && g.vizes.every((v) => v.series.length > 0)),
    range: top ? [top.range[0], top.range[1]] : null,
  };
};
