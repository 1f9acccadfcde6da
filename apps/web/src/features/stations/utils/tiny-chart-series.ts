import type { SensorDataRow } from '@groundtruth/contracts';
import { allowedGapMs, readingIntervalMs } from '@/components/charts/gaps';
import type { TinyChartPoint } from '@/components/tiny-chart';

export type TinyPoint = TinyChartPoint;

/**
 * One sensor's line from tail rows, in time order. Where readings are missing (neighbouring buckets
 * further apart than the series' own reading interval allows: the charts' rule, components/charts/gaps.ts)
 * or a bucket has no value, the line breaks, so missing data is not drawn as a ramp; a station reading
 * hourly in finer buckets stays a line.
 */
export const tinySeries = (rows: readonly SensorDataRow[], sensorId: number, bucketSize: number | null): TinyPoint[] => {
  const mine = rows.filter((r) => r.sensorId === sensorId).sort((a, b) => a.time - b.time);
  const gapMs = bucketSize
    ? allowedGapMs(
        { minimumGapSeconds: null, bucketSeconds: bucketSize, readingIntervalSeconds: null },
        readingIntervalMs(
          mine.map((r) => ({ x: r.time, samples: r.samples })),
          bucketSize * 1000,
        ),
      )
    : Number.POSITIVE_INFINITY;
  const points: TinyPoint[] = [];
  let previous: number | null = null;
  for (const row of mine) {
    if (previous !== null && row.time - previous > gapMs) points.push({ x: previous + 1, y: null });
    points.push({ x: row.time, y: row.value ?? null });
    previous = row.time;
  }
  return points;
};

/** Whether a series has anything to draw. */
export const hasValues = (points: readonly TinyPoint[]): boolean => points.some((p) => p.y !== null);

/** The sensors a module's rows hold, in the order given (the module's sensor order), then any others. */
export const chartedSensorIds = (rows: readonly SensorDataRow[], moduleId: number): number[] => [
  ...new Set(rows.filter((r) => r.moduleId === moduleId && r.value !== null).map((r) => r.sensorId)),
];

/** The latest value of each sensor of a module in tail rows: its newest bucket's last reading. */
export const latestFromTail = (rows: readonly SensorDataRow[], moduleId: number): Map<number, { last: number; time: number }> => {
  const latest = new Map<number, { last: number; time: number }>();
  for (const row of rows) {
    if (row.moduleId !== moduleId || row.last === null) continue;
    const seen = latest.get(row.sensorId);
    if (!seen || row.time > seen.time) latest.set(row.sensorId, { last: row.last, time: row.time });
  }
  return latest;
};
