import { projectRoutes, type StationList, stationRoutes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectQueryOptions } from './get-project';

/** GET /projects/{id}/stations (hidden stations only for their owners). */
export const getProjectStations = (id: number, signal?: AbortSignal): Promise<StationList> =>
  callRoute(stationRoutes.projectStations, { params: { id }, signal });

export const projectStationsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...projectQueryOptions(id).queryKey, 'stations'] as const,
    queryFn: ({ signal }) => getProjectStations(id, signal),
    select: (data) => data.stations,
  });

export const useProjectStations = (id: number) => useQuery(projectStationsQueryOptions(id));

/** POST or DELETE /projects/{projectId}/stations/{stationId}; the lists reload after (spec §4). */
export const useChangeProjectStations = (projectId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ stationId, add }: { stationId: number; add: boolean }) => {
      await callRoute(add ? projectRoutes.addProjectStation : projectRoutes.removeProjectStation, {
        params: { projectId, stationId },
      });
    },
    // The project's modules and activity follow its stations.
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
  });
};
