import { type Project, projectRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectsQueryKey } from './get-projects';

/** GET /projects/{id}: one project; 403 when private to the visitor, 404 when missing. */
export const getProject = (id: number, signal?: AbortSignal): Promise<Project> =>
  callRoute(projectRoutes.getProject, { params: { id }, signal });

export const projectQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...projectsQueryKey, id] as const,
    queryFn: ({ signal }) => getProject(id, signal),
  });

export const useProject = (id: number) => useQuery(projectQueryOptions(id));
