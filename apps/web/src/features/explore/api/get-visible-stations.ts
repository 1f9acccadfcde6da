import { stationRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/**
 * GET /stations/map: every station the asker may see (name and place), for a series' station
 * picker, so a chart can compare with any of them, whatever the workspace was opened from. Asked
 * only once a picker opens; the map's own answers are kept by the server per asker.
 */
export const exploreVisibleStationsQueryOptions = () =>
  queryOptions({
    queryKey: ['explore-visible-stations'] as const,
    queryFn: ({ signal }) => callRoute(stationRoutes.mapStations, { query: {}, signal }),
    staleTime: 5 * 60_000,
  });

export const useExploreVisibleStations = (enabled: boolean) => useQuery({ ...exploreVisibleStationsQueryOptions(), enabled });
