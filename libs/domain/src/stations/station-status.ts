/**
 * What a station's data says about it (spec §3 status, inactive, hasData; §4 station status and
 * sort order). One rule, used by every answer that carries a station.
 */

/**
 * A station is down once its latest reading is older than this: a week (168 h). Longer than the
 * longest recent-readings window (72 h, spec §9), so "no recent reading" and "inactive" stay two
 * different places in the sort order; long enough for a station that syncs through a phone every
 * few days not to flap between up and down.
 */
export const STATION_DOWN_AFTER_HOURS = 168;

export type StationStatus = 'up' | 'down';

export type StationDataStatus = {
  /** Null for a station that never sent a reading: there is nothing to judge it by. */
  readonly status: StationStatus | null;
  /** Spec §4: down shows inactive. */
  readonly inactive: boolean;
  readonly hasData: boolean;
};

const HOUR_MS = 3_600_000;

/** Up while the latest reading is at most `STATION_DOWN_AFTER_HOURS` old (a reading in the future counts as now). */
export function stationDataStatus(lastReadingAtMs: number | null, nowMs: number): StationDataStatus {
  if (lastReadingAtMs === null || !Number.isFinite(lastReadingAtMs)) return { status: null, inactive: false, hasData: false };
  const down = nowMs - lastReadingAtMs > STATION_DOWN_AFTER_HOURS * HOUR_MS;
  return { status: down ? 'down' : 'up', inactive: down, hasData: true };
}

/** What the map's sort order needs to know about a station. */
export type StationSortInput = {
  readonly name: string;
  readonly status: StationStatus | null;
  readonly hasData: boolean;
  /** The value shown for it now (a reading in the recent window), or null when it has none. */
  readonly currentValue: number | null;
};

/** Spec §4 groups, in order: a current reading, no recent reading, no data, inactive. */
export function stationSortGroup(s: StationSortInput): 0 | 1 | 2 | 3 {
  if (s.status === 'down') return 3;
  if (!s.hasData) return 2;
  return s.currentValue === null || !Number.isFinite(s.currentValue) ? 1 : 0;
}

/**
 * Spec §4 and §9 (marker sort by three keys: ascending, descending, ascending): by group, then the
 * highest current value first, then by name.
 */
export function compareStationsForMap(a: StationSortInput, b: StationSortInput): number {
  const group = stationSortGroup(a) - stationSortGroup(b);
  if (group !== 0) return group;
  const va = stationSortGroup(a) === 0 ? a.currentValue! : 0;
  const vb = stationSortGroup(b) === 0 ? b.currentValue! : 0;
  if (va !== vb) return vb - va;
  return a.name.localeCompare(b.name);
}
