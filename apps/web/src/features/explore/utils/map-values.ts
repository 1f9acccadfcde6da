import type { SensorDataColumns } from '@groundtruth/contracts';

/**
 * Each station's value of one sensor over the map chart's window, under the sensor's aggregation: the
 * maximum for depth, else the mean. The map asks one bucket (`resolution=1`), which the API clips to
 * exactly the window, so that bucket is the window's value; were an answer ever to hold more buckets
 * (a window split on its grid), they are combined as the aggregation says (the mean weighted by each
 * bucket's readings), never the first bucket alone.
 */
export const windowValues = (
  answer: SensorDataColumns | undefined,
  sensorId: number,
  aggregation: 'avg' | 'max',
): Map<number, number | null> => {
  const out = new Map<number, number | null>();
  for (const s of answer?.series ?? []) {
    if (s.sensorId !== sensorId) continue;
    const values = aggregation === 'max' ? s.max : s.avg;
    let sum = 0;
    let count = 0;
    let max: number | null = null;
    s.samples.forEach((n, k) => {
      const v = values[k];
      if (n <= 0 || v == null) return;
      sum += v * n;
      count += n;
      max = max === null ? v : Math.max(max, v);
    });
    const value = aggregation === 'max' ? max : count > 0 ? sum / count : null;
    // A station answered in two series (two modules with the sensor): the first with a value stands.
    if (out.get(s.stationId) == null) out.set(s.stationId, value);
  }
  return out;
};
