import { stationRoutes } from '@groundtruth/contracts';
import { queryOptions, useQueries, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { worthAskingAgain } from '@/lib/query-client';

/**
 * GET /stations/{id}. The key is the station page's own (['station', id]), so a workspace opened from
 * it finds the station already loaded; features do not import each other, hence this twin.
 */
export const exploreStationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['station', id] as const,
    queryFn: ({ signal }) => callRoute(stationRoutes.getStation, { params: { id }, signal }),
    staleTime: 60_000,
  });

/** The bookmark's stations, in its order. */
export const useExploreStations = (ids: readonly number[]) => {
  const queryClient = useQueryClient();
  return useQueries({
    queries: ids.map((id) => {
      const options = exploreStationQueryOptions(id);
      // A station the route's prefetch found missing (404) is not asked for again as the workspace mounts.
      return { ...options, retryOnMount: worthAskingAgain(queryClient, options.queryKey) };
    }),
  });
};

/** GET /projects/{id}/stations: the stations a chart of the bookmark's projects may compare with. */
export const exploreProjectStationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['project-stations', id] as const,
    queryFn: ({ signal }) => callRoute(stationRoutes.projectStations, { params: { id }, signal }),
    staleTime: 60_000,
  });

export const useExploreProjectStations = (projectIds: readonly number[]) =>
  useQueries({ queries: projectIds.map((id) => exploreProjectStationsQueryOptions(id)) });
