import { sensorRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /meta/sensors, kept for the session; the same key as the station pages' (one cache entry). */
export const exploreSensorsMetaQueryOptions = () =>
  queryOptions({
    queryKey: ['sensors-meta'] as const,
    queryFn: ({ signal }) => callRoute(sensorRoutes.sensorsMeta, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useExploreSensorsMeta = () => useQuery(exploreSensorsMetaQueryOptions());
