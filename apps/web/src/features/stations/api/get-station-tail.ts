import { sensorRoutes, type SensorTail } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { createTailBatcher } from '../utils/tail-batcher';

/** GET /sensors/data/tail?stations=…: per station, the 48 h before its latest reading in about 200 buckets. */
const getTails = (stationIds: readonly number[]): Promise<SensorTail> =>
  callRoute(sensorRoutes.sensorDataTail, { query: { stations: stationIds.join(',') } });

/** One batcher for the whole app: every tiny chart on screen shares its calls (spec §9). */
const batcher = createTailBatcher({ fetchTails: getTails });

export const stationTailQueryOptions = (stationId: number) =>
  queryOptions({
    queryKey: ['sensors-tail', stationId] as const,
    queryFn: () => batcher.load(stationId),
    staleTime: 60_000,
  });

export const useStationTail = (stationId: number) => useQuery(stationTailQueryOptions(stationId));
