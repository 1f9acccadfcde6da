import { type ProjectList, stationRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { stationQueryKey } from './get-station';

/** GET /projects/station/{id}: the projects holding the station that the visitor may read. */
export const getStationProjects = (id: number, signal?: AbortSignal): Promise<ProjectList> =>
  callRoute(stationRoutes.stationProjects, { params: { id }, signal });

export const stationProjectsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...stationQueryKey(id), 'projects'] as const,
    queryFn: ({ signal }) => getStationProjects(id, signal),
    select: (data) => data.projects,
  });

export const useStationProjects = (id: number) => useQuery(stationProjectsQueryOptions(id));
