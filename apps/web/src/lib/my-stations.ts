import { StationList } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /user/stations: the signed-in user's own stations (hidden ones included). */
export const getMyStations = (signal?: AbortSignal): Promise<StationList> =>
  apiClient.get('/user/stations', StationList, { auth: 'required', ...(signal ? { signal } : {}) });

/** One cache entry for the sidebar, the project's add-station picker and the notes page. */
export const myStationsQueryOptions = () =>
  queryOptions({
    queryKey: ['stations', 'mine'] as const,
    queryFn: ({ signal }) => getMyStations(signal),
    select: (data) => data.stations,
  });

export const useMyStations = (enabled = true) => useQuery({ ...myStationsQueryOptions(), enabled });
