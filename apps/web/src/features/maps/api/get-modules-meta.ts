import { sensorRoutes } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /modules/meta: the sensor catalogue's modules (thresholds, labels, units); it does not change while the app runs. */
export const useModulesMeta = () =>
  useQuery({
    queryKey: ['modules-meta'] as const,
    queryFn: ({ signal }) => callRoute(sensorRoutes.modulesMeta, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
