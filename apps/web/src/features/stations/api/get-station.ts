import { type Station, stationRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** Every query of one station starts with this key, so a change can refresh them all. */
export const stationQueryKey = (id: number) => ['station', id] as const;

/** GET /stations/{id}: one station; 403 when private to the visitor, 404 when missing. */
export const getStation = (id: number, signal?: AbortSignal): Promise<Station> =>
  callRoute(stationRoutes.getStation, { params: { id }, signal });

export const stationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: stationQueryKey(id),
    queryFn: ({ signal }) => getStation(id, signal),
  });

export const useStation = (id: number) => useQuery(stationQueryOptions(id));
