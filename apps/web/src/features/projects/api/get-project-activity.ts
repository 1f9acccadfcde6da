import { type ActivityList, activityRoutes } from '@groundtruth/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectQueryOptions } from './get-project';

/** GET /projects/{id}/activity: newest first, at most 50 (spec §9). */
export const getProjectActivity = (id: number, signal?: AbortSignal): Promise<ActivityList> =>
  callRoute(activityRoutes.projectActivity, { params: { id }, signal });

export const projectActivityQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...projectQueryOptions(id).queryKey, 'activity'] as const,
    queryFn: ({ signal }) => getProjectActivity(id, signal),
    select: (data) => data.activities,
  });

export const useProjectActivity = (id: number, enabled = true) => useQuery({ ...projectActivityQueryOptions(id), enabled });
