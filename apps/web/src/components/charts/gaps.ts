/** One chart point: time (ms) and value (null where nothing was read). */
export type TimePoint = { readonly x: number; readonly y: number | null };

/**
 * Spec §3 / fieldkit-compat "Chart data": a line breaks where two neighbouring readings lie further
 * apart than the sensor's `minimumGap` and than the bucket size (so neighbouring buckets never break
 * the line, and a sensor that reads hourly is not broken every hour). The break is a null point
 * between the two, which the line chart draws as a gap. Points must be in time order.
 */
export const breakAtGaps = (
  points: readonly TimePoint[],
  { minimumGapSeconds, bucketSeconds }: { readonly minimumGapSeconds: number | null; readonly bucketSeconds: number },
): TimePoint[] => {
  const allowedMs = Math.max(minimumGapSeconds ?? 0, bucketSeconds) * 1000;
  const out: TimePoint[] = [];
  let previous: TimePoint | undefined;
  for (const point of points) {
    if (previous !== undefined && previous.y !== null && point.y !== null && point.x - previous.x > allowedMs) {
      out.push({ x: previous.x + allowedMs, y: null });
    }
    out.push(point);
    previous = point;
  }
  return out;
};
