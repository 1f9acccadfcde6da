import { projectRoutes, type ProjectUpdate } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectQueryOptions } from './get-project';

/** GET /projects/updates/{updateId}: one project update (the edit form loads it). */
export const getProjectUpdate = (updateId: number, signal?: AbortSignal): Promise<ProjectUpdate> =>
  callRoute(projectRoutes.getProjectUpdate, { params: { updateId }, signal });

export const projectUpdateQueryOptions = (updateId: number) =>
  queryOptions({
    queryKey: ['project-updates', updateId] as const,
    queryFn: ({ signal }) => getProjectUpdate(updateId, signal),
  });

export const useProjectUpdate = (updateId: number | null) =>
  useQuery({ ...projectUpdateQueryOptions(updateId ?? 0), enabled: updateId !== null });

export type SaveUpdate = {
  readonly projectId: number;
  readonly updateId: number | null;
  readonly body: string;
  /** The update's version the edit was made on (ignored for a new update). */
  readonly version: number;
};

/** POST /projects/{projectId}/updates, or POST …/updates/{updateId} to change one (409 when `version` is no longer current). */
export const saveProjectUpdate = ({ projectId, updateId, body, version }: SaveUpdate): Promise<ProjectUpdate> =>
  updateId === null
    ? callRoute(projectRoutes.postProjectUpdate, { params: { projectId }, body: { body } })
    : callRoute(projectRoutes.editProjectUpdate, { params: { projectId, updateId }, body: { body, version } });

/** DELETE /projects/{projectId}/updates/{updateId}. */
export const deleteProjectUpdate = async ({ projectId, updateId }: { projectId: number; updateId: number }): Promise<void> => {
  await callRoute(projectRoutes.deleteProjectUpdate, { params: { projectId, updateId } });
};

/** The project's activity shows its updates: it reloads after any change. */
export const useSaveProjectUpdate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProjectUpdate,
    onSuccess: (update) => {
      queryClient.setQueryData(projectUpdateQueryOptions(update.id).queryKey, update);
      void queryClient.invalidateQueries({ queryKey: projectQueryOptions(update.projectId).queryKey });
    },
  });
};

export const useDeleteProjectUpdate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProjectUpdate,
    onSuccess: (_result, { projectId, updateId }) => {
      queryClient.removeQueries({ queryKey: projectUpdateQueryOptions(updateId).queryKey });
      void queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey });
    },
  });
};
