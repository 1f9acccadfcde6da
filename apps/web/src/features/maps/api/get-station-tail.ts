import { sensorRoutes } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /sensors/data/tail for one station's sensor: the 48 h before its latest reading, for a tiny chart. */
export const useSensorTail = (stationId: number, sensorId: number | null) =>
  useQuery({
    queryKey: ['sensors-tail', stationId, 'sensor', sensorId] as const,
    queryFn: ({ signal }) =>
      callRoute(sensorRoutes.sensorDataTail, {
        query: { stations: String(stationId), ...(sensorId !== null ? { sensors: String(sensorId) } : {}) },
        signal,
      }),
    enabled: sensorId !== null,
    staleTime: 60_000,
  });
