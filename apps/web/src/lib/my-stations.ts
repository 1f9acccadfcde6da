import { type MyStationList, stationRoutes } from '@groundtruth/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /user/stations: the signed-in user's own stations (hidden ones included), all or the first `limit` by name. */
export const getMyStations = (signal?: AbortSignal, limit?: number): Promise<MyStationList> =>
  callRoute(stationRoutes.myStations, { signal, ...(limit !== undefined ? { query: { limit } } : {}) });

/** One cache entry for the project's add-station picker and the notes page (all), another for the sidebar's first few. */
export const myStationsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: ['stations', 'mine', limit ?? 'all'] as const,
    queryFn: ({ signal }) => getMyStations(signal, limit),
  });

/** All of the user's stations. */
export const useMyStations = (enabled = true) =>
  useQuery({ ...myStationsQueryOptions(), enabled, select: (data: MyStationList) => data.stations });

/**
 * The first `limit` (the sidebar's), and how many there are: someone with 10,000 stations does not
 * download them all on every page for ten names.
 */
export const useMyFirstStations = (limit: number | undefined, enabled = true) =>
  // The first few stay on screen while "show all" loads the rest.
  useQuery({ ...myStationsQueryOptions(limit), enabled, placeholderData: keepPreviousData });
