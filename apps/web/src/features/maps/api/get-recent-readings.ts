import { SensorRecently } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { partner } from '@/config/partner';
import { apiClient, isApiError } from '@/lib/api-client';

/** GET /sensors/data/recently takes at most 100 stations a call. */
const STATIONS_PER_CALL = 100;

const ask = (stationIds: readonly number[], windows: readonly number[], signal: AbortSignal) =>
  apiClient.get('/sensors/data/recently', SensorRecently, {
    query: { stations: stationIds.join(','), windows: windows.join(',') },
    signal,
  });

const refused = (error: unknown): boolean => isApiError(error) && (error.isForbidden || error.isNotFound);

/** One call of up to 100 stations; when one of them is refused (private, gone), the others are asked one by one. */
const askBatch = async (
  stationIds: readonly number[],
  windows: readonly number[],
  signal: AbortSignal,
): Promise<SensorRecently[]> => {
  try {
    return [await ask(stationIds, windows, signal)];
  } catch (error) {
    if (!refused(error)) throw error;
    if (stationIds.length === 1) return [];
    return (await Promise.all(stationIds.map((id) => askBatch([id], windows, signal)))).flat();
  }
};

/** The answers of several calls as one: windows merged by their hours. */
export const mergeRecently = (answers: readonly SensorRecently[]): SensorRecently => {
  const windows = new Map<number, SensorRecently['windows'][number]>();
  const last: SensorRecently['last'] = [];
  for (const answer of answers) {
    for (const window of answer.windows) {
      const known = windows.get(window.hours);
      windows.set(window.hours, known ? { ...known, data: [...known.data, ...window.data] } : window);
    }
    last.push(...answer.last);
  }
  return { windows: [...windows.values()], last };
};

/**
 * Recent readings of the stations for their markers: per window of the partner's (24, 48, 72 h; 1 h in
 * flood mode), each sensor's aggregates, and each sensor's latest reading.
 */
export const useRecentReadings = (stationIds: readonly number[]) => {
  const ids = [...new Set(stationIds)].sort((a, b) => a - b);
  const windows = partner.recentWindows;
  return useQuery({
    queryKey: ['sensors-recently', ids, windows] as const,
    queryFn: async ({ signal }) => {
      const batches: number[][] = [];
      for (let i = 0; i < ids.length; i += STATIONS_PER_CALL) batches.push(ids.slice(i, i + STATIONS_PER_CALL));
      const answers = await Promise.all(batches.map((batch) => askBatch(batch, windows, signal)));
      return mergeRecently(answers.flat());
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
};
