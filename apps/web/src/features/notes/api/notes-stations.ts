import { projectRoutes, stationRoutes } from '@groundtruth/contracts';
import { useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /projects/{id} and GET /projects/{id}/stations: the project notes page's station list and read-only flag. */
export const useNotesProject = (projectId: number) =>
  useQuery({
    queryKey: ['notes', 'project', projectId] as const,
    queryFn: ({ signal }) => callRoute(projectRoutes.getProject, { params: { id: projectId }, signal }),
  });

export const useNotesProjectStations = (projectId: number) =>
  useQuery({
    queryKey: ['notes', 'project', projectId, 'stations'] as const,
    queryFn: ({ signal }) => callRoute(stationRoutes.projectStations, { params: { id: projectId }, signal }),
    select: (data) => data.stations,
  });
