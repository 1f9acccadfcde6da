import { SensorsMeta } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /meta/sensors, kept for the session; the same key as the station pages' (one cache entry). */
export const exploreSensorsMetaQueryOptions = () =>
  queryOptions({
    queryKey: ['sensors-meta'] as const,
    queryFn: ({ signal }) => apiClient.get('/meta/sensors', SensorsMeta, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

export const useExploreSensorsMeta = () => useQuery(exploreSensorsMetaQueryOptions());
