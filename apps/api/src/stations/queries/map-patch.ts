import type { MapStation } from '@groundtruth/contracts';

/** id → revision from StationMarks.text ("id:revision,…"). */
const revisionsOf = (text: string): Map<string, string> => {
  const revisions = new Map<string, string>();
  if (text === '') return revisions;
  for (const pair of text.split(',')) {
    if (pair === '') continue;
    const colon = pair.indexOf(':');
    revisions.set(pair.slice(0, colon), pair.slice(colon + 1));
  }
  return revisions;
};

/**
 * The stations whose revision differs between two marks' texts ("id:revision,…", by id), or which one
 * holds and the other not. Only the stretch between the texts' common start and common end is parsed:
 * a write or two moves a few pairs of ten thousand, and parsing both whole would cost more than the patch saves.
 */
export const changedStations = (before: string, after: string): number[] => {
  if (before === after) return [];
  const shorter = Math.min(before.length, after.length);
  let same = 0;
  while (same < shorter && before.charCodeAt(same) === after.charCodeAt(same)) same++;
  // Back to the start of the pair the first difference is in.
  const start = before.lastIndexOf(',', same - 1) + 1;
  let tail = 0;
  while (tail < shorter - same && before.charCodeAt(before.length - 1 - tail) === after.charCodeAt(after.length - 1 - tail)) {
    tail++;
  }
  // On to the end of the pair the last difference is in (the same distance in both: their ends are equal).
  const endOf = (text: string) => {
    const comma = text.indexOf(',', text.length - tail);
    return comma === -1 ? text.length : comma;
  };
  const old = revisionsOf(before.slice(start, endOf(before)));
  const changed: number[] = [];
  for (const [id, revision] of revisionsOf(after.slice(start, endOf(after)))) {
    if (old.get(id) !== revision) changed.push(Number(id));
    old.delete(id);
  }
  for (const id of old.keys()) changed.push(Number(id));
  return changed;
};

/**
 * A kept answer with some stations read again: `fresh` (the changed stations the asker may still see,
 * as now) replace theirs; the other `changed` ones go; the order stays by id. A new object: answers
 * are not changed once answered (inAskedForm keeps their JSON).
 */
export const patchedStations = (
  kept: readonly MapStation[],
  changed: readonly number[],
  fresh: readonly MapStation[],
): MapStation[] => {
  const gone = new Set(changed);
  const byId = new Map(fresh.map((station) => [station.id, station]));
  const stations: MapStation[] = [];
  for (const station of kept) {
    const now = byId.get(station.id);
    if (now) {
      stations.push(now);
      byId.delete(station.id);
    } else if (!gone.has(station.id)) stations.push(station);
  }
  if (byId.size === 0) return stations;
  stations.push(...byId.values());
  return stations.sort((a, b) => a.id - b.id);
};
