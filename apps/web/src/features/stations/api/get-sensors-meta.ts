import { sensorRoutes, type SensorsMeta } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /meta/sensors: the sensor catalogue, kept for the session (spec §7). */
export const getSensorsMeta = (signal?: AbortSignal): Promise<SensorsMeta> => callRoute(sensorRoutes.sensorsMeta, { signal });

export const sensorsMetaQueryOptions = () =>
  queryOptions({
    queryKey: ['sensors-meta'] as const,
    queryFn: ({ signal }) => getSensorsMeta(signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useSensorsMeta = () => useQuery(sensorsMetaQueryOptions());
