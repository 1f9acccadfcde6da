import { StationList } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /user/stations: the signed-in user's own stations (hidden ones included). */
export const getMyStations = (signal?: AbortSignal): Promise<StationList> =>
  apiClient.get('/user/stations', StationList, { auth: 'required', ...(signal ? { signal } : {}) });

/** Same key as wherever else the user's stations are asked for: one cache entry. */
export const myStationsQueryOptions = () =>
  queryOptions({
    queryKey: ['stations', 'mine'] as const,
    queryFn: ({ signal }) => getMyStations(signal),
    select: (data) => data.stations,
  });

export const useMyStations = (enabled: boolean) => useQuery({ ...myStationsQueryOptions(), enabled });
