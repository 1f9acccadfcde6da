import { Project, ProjectList, Station, StationList } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, isApiError } from '@/lib/api-client';
import { getMyStations } from '@/lib/my-stations';

/** How many community projects the anonymous all-stations map reads stations from. */
const COMMUNITY_PROJECTS_READ = 50;

const byId = (lists: readonly (readonly Station[])[]): Station[] => {
  const seen = new Map<number, Station>();
  for (const list of lists) for (const station of list) if (!seen.has(station.id)) seen.set(station.id, station);
  return [...seen.values()];
};

const myStations = async (signal: AbortSignal): Promise<Station[]> => (await getMyStations(signal)).stations;

/**
 * Stations of the public (community) projects, for visitors who are not signed in: GET /projects,
 * then GET /projects/{id}/stations of each. A project that turned private meanwhile is skipped.
 */
const getCommunityStations = async (signal: AbortSignal): Promise<Station[]> => {
  const { projects } = await apiClient.get('/projects', ProjectList, { signal });
  const lists = await Promise.all(
    projects.slice(0, COMMUNITY_PROJECTS_READ).map(async (project) => {
      try {
        return (await apiClient.get(`/projects/${project.id}/stations`, StationList, { signal })).stations;
      } catch (error) {
        if (isApiError(error) && (error.isForbidden || error.isNotFound)) return [];
        throw error;
      }
    }),
  );
  return byId(lists);
};

/** The stations of the all-stations views: the user's own when signed in, else those of the community projects. */
export const useMapStations = (signedIn: boolean) =>
  useQuery({
    queryKey: ['map-stations', signedIn ? 'mine' : 'community'] as const,
    queryFn: ({ signal }) => (signedIn ? myStations(signal) : getCommunityStations(signal)),
  });

/** GET /projects/{id}; the same cache entry as the project page's. */
export const mapProjectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['projects', projectId] as const,
    queryFn: ({ signal }) => apiClient.get(`/projects/${projectId}`, Project, { signal }),
  });

export const useMapProject = (projectId: number) => useQuery(mapProjectQueryOptions(projectId));

/** GET /projects/{id}/stations: a project's stations (hidden ones only for their owners). */
export const useProjectStations = (projectId: number) =>
  useQuery({
    queryKey: ['map-stations', 'project', projectId] as const,
    queryFn: ({ signal }) => apiClient.get(`/projects/${projectId}/stations`, StationList, { signal }),
    select: (data) => data.stations,
  });

/** GET /stations/{id}: the station a link opened, wherever it is; the same cache entry as the station summary's. */
export const useMapStation = (stationId: number | null) =>
  useQuery({
    queryKey: ['station', stationId ?? 0] as const,
    queryFn: ({ signal }) => apiClient.get(`/stations/${stationId}`, Station, { signal }),
    enabled: stationId !== null,
  });
