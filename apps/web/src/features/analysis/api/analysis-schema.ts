import { analysisRoutes } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /analysis/schema: the tables, limits, and the stations and sensors the caller may name. */
export const useAnalysisSchema = () =>
  useQuery({
    queryKey: ['analysis', 'schema'] as const,
    queryFn: ({ signal }) => callRoute(analysisRoutes.analysisSchema, { signal }),
    staleTime: 60_000,
  });
