import { type ProjectList, projectRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';

/** GET /projects: the public (community) projects. */
export const getProjects = (signal?: AbortSignal): Promise<ProjectList> => callRoute(projectRoutes.listProjects, { signal });

export const projectsQueryKey = ['projects'] as const;

export const projectsQueryOptions = () =>
  queryOptions({
    queryKey: projectsQueryKey,
    queryFn: ({ signal }) => getProjects(signal),
    select: (data) => data.projects,
  });

export const useProjects = () => useQuery(projectsQueryOptions());
