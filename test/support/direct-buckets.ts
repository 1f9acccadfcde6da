/** A reading of a station, as the tests that check aggregate levels read them back. */
export type ReadingRow = { station: number; module: number; sensor: number; time: number; value: number };

/** One aggregate bucket, keyed `station/sensor/module/bucket start (ms)`. */
export type Bucket = { key: string; min: number; max: number; sum: number; count: number; lastTime: number; last: number };

/**
 * The buckets of `seconds` a direct computation over the readings gives (floored buckets, the
 * latest reading by time then value, as ClickHouse's max((time, value))), ordered by key: what
 * every aggregate level must equal.
 */
export const directBuckets = (rows: readonly ReadingRow[], seconds: number): Bucket[] => {
  const groups = new Map<string, ReadingRow[]>();
  for (const r of rows) {
    const key = `${r.station}/${r.sensor}/${r.module}/${Math.floor(r.time / (seconds * 1000)) * seconds * 1000}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups]
    .map(([key, members]) => {
      const latest = members.reduce((a, b) => (b.time > a.time || (b.time === a.time && b.value > a.value) ? b : a));
      return {
        key,
        min: Math.min(...members.map((m) => m.value)),
        max: Math.max(...members.map((m) => m.value)),
        sum: members.reduce((s, m) => s + m.value, 0),
        count: members.length,
        lastTime: latest.time,
        last: latest.value,
      };
    })
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
};
