import { SensorTail } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /sensors/data/tail for one station's sensor: the 48 h before its latest reading, for a tiny chart. */
export const useSensorTail = (stationId: number, sensorId: number | null) =>
  useQuery({
    queryKey: ['sensors-tail', stationId, 'sensor', sensorId] as const,
    queryFn: ({ signal }) =>
      apiClient.get('/sensors/data/tail', SensorTail, {
        query: { stations: String(stationId), ...(sensorId !== null ? { sensors: String(sensorId) } : {}) },
        signal,
      }),
    enabled: sensorId !== null,
    staleTime: 60_000,
  });
