import { Project, Station, routes, type MapStationsQuery } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { partner } from '@/config/partner';
import { apiClient } from '@/lib/api-client';

const mapStations = routes.mapStations;

/** The recent window of the partner (72 h; 1 h in flood mode), in hours. */
export const recentHours = (): number => Math.max(...partner.recentWindows);

/**
 * GET /stations/map: every station the visitor may see (signed in or not), with its primary sensor's
 * latest reading and its highest in the recent window; one project's when `projectId` is given.
 */
export const useMapStations = (signedIn: boolean, projectId?: number) => {
  const query: Record<string, number> = { recentHours: recentHours() } satisfies Partial<MapStationsQuery>;
  if (projectId !== undefined) query['project'] = projectId;
  return useQuery({
    queryKey: ['map-stations', signedIn ? 'signed-in' : 'anonymous', projectId ?? 'all', query['recentHours']] as const,
    queryFn: ({ signal }) => apiClient.get(mapStations.path, mapStations.response, { query, signal }),
    select: (data) => data.stations,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
};

/** GET /projects/{id}; the same cache entry as the project page's. */
export const mapProjectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['projects', projectId] as const,
    queryFn: ({ signal }) => apiClient.get(`/projects/${projectId}`, Project, { signal }),
  });

export const useMapProject = (projectId: number) => useQuery(mapProjectQueryOptions(projectId));

/** GET /stations/{id}: the station a link opened, wherever it is; the same cache entry as the station summary's. */
export const useMapStation = (stationId: number | null) =>
  useQuery({
    queryKey: ['station', stationId ?? 0] as const,
    queryFn: ({ signal }) => apiClient.get(`/stations/${stationId}`, Station, { signal }),
    enabled: stationId !== null,
  });
