import { type ProjectList, projectRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectsQueryKey } from './get-projects';

/** GET /user/projects: the projects the signed-in user belongs to, private ones included. */
export const getMyProjects = (signal?: AbortSignal): Promise<ProjectList> => callRoute(projectRoutes.myProjects, { signal });

export const myProjectsQueryOptions = () =>
  queryOptions({
    queryKey: [...projectsQueryKey, 'mine'] as const,
    queryFn: ({ signal }) => getMyProjects(signal),
    select: (data) => data.projects,
  });

/** Only asked while someone is signed in (the call needs a token). */
export const useMyProjects = (signedIn: boolean) => useQuery({ ...myProjectsQueryOptions(), enabled: signedIn });
