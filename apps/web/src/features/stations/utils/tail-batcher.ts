import type { SensorDataRow, SensorTail } from '@groundtruth/contracts';

/** One station's part of a tail answer: its rows and its window (null when the station has no readings). */
export type StationTailData = {
  readonly rows: readonly SensorDataRow[];
  readonly dataEnd: number | null;
  readonly bucketSize: number | null;
};

type Waiter = { resolve: (data: StationTailData) => void; reject: (error: unknown) => void };

export type TailBatcherOptions = {
  /** Asks the server for the tails of these stations at once. */
  readonly fetchTails: (stationIds: readonly number[]) => Promise<SensorTail>;
  /** Spec §9: tiny-chart requests are batched after 50 ms. */
  readonly delayMs?: number;
  /** The tail call takes at most 100 stations. */
  readonly maxStations?: number;
  readonly schedule?: (run: () => void, ms: number) => unknown;
};

const partOf = (answer: SensorTail, stationId: number): StationTailData => {
  const station = answer.stations.find((s) => s.stationId === stationId);
  return {
    rows: answer.data.filter((row) => row.stationId === stationId),
    dataEnd: station?.dataEnd ?? null,
    bucketSize: station?.bucketSize ?? null,
  };
};

/**
 * Gathers the tail (sparkline) requests that components make within `delayMs` into one call per
 * `maxStations` stations, and hands each caller its own station's part. The server refuses a whole
 * call when one of its stations is private to the visitor, so a refused call of several stations is
 * asked again one station at a time: one private station does not blank the others' charts.
 */
export const createTailBatcher = ({
  fetchTails,
  delayMs = 50,
  maxStations = 100,
  schedule = (run, ms) => setTimeout(run, ms),
}: TailBatcherOptions) => {
  let pending = new Map<number, Waiter[]>();
  let scheduled = false;

  const settle = async (ids: readonly number[], batch: ReadonlyMap<number, Waiter[]>): Promise<void> => {
    try {
      const answer = await fetchTails(ids);
      for (const id of ids) for (const waiter of batch.get(id) ?? []) waiter.resolve(partOf(answer, id));
    } catch (error) {
      if (ids.length > 1) {
        await Promise.all(ids.map((id) => settle([id], batch)));
        return;
      }
      for (const id of ids) for (const waiter of batch.get(id) ?? []) waiter.reject(error);
    }
  };

  const flush = (): void => {
    const batch = pending;
    pending = new Map();
    scheduled = false;
    const ids = [...batch.keys()].sort((a, b) => a - b);
    for (let at = 0; at < ids.length; at += maxStations) void settle(ids.slice(at, at + maxStations), batch);
  };

  return {
    /** The tail of one station, asked together with the others requested in the same 50 ms. */
    load: (stationId: number): Promise<StationTailData> =>
      new Promise<StationTailData>((resolve, reject) => {
        pending.set(stationId, [...(pending.get(stationId) ?? []), { resolve, reject }]);
        if (!scheduled) {
          scheduled = true;
          schedule(flush, delayMs);
        }
      }),
  };
};

export type TailBatcher = ReturnType<typeof createTailBatcher>;
