import { ModulesMeta } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /modules/meta: the sensor catalogue's modules (thresholds, labels, units); it does not change while the app runs. */
export const useModulesMeta = () =>
  useQuery({
    queryKey: ['modules-meta'] as const,
    queryFn: ({ signal }) => apiClient.get('/modules/meta', ModulesMeta, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
