import { type PendingInvites, type Project, projectRoutes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectsQueryKey } from './get-projects';

/** GET /projects/invites/pending: invitations sent to the signed-in user, each with its project. */
export const getPendingInvites = (signal?: AbortSignal): Promise<PendingInvites> =>
  callRoute(projectRoutes.pendingProjectInvites, { signal });

export const pendingInvitesQueryKey = [...projectsQueryKey, 'invites', 'pending'] as const;

export const pendingInvitesQueryOptions = () =>
  queryOptions({ queryKey: pendingInvitesQueryKey, queryFn: ({ signal }) => getPendingInvites(signal) });

export const usePendingInvites = (signedIn: boolean) => useQuery({ ...pendingInvitesQueryOptions(), enabled: signedIn });

/** POST /projects/{id}/invites/accept: joins the project with the invitation's role. */
export const acceptInvite = (projectId: number): Promise<Project> =>
  callRoute(projectRoutes.acceptPendingInvite, { params: { projectId } });

/** POST /projects/{id}/invites/reject. */
export const declineInvite = async (projectId: number): Promise<void> => {
  await callRoute(projectRoutes.rejectPendingInvite, { params: { projectId } });
};

/**
 * Accepting or declining removes the invitation from the pending lists at once (spec §4); accepting
 * also reloads the user's projects, where the project now appears.
 */
export const useAnswerInvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, accept }: { projectId: number; accept: boolean }) =>
      accept ? acceptInvite(projectId).then(() => undefined) : declineInvite(projectId),
    onSuccess: (_result, { projectId }) => {
      queryClient.setQueryData<PendingInvites>(pendingInvitesQueryKey, (previous) =>
        previous
          ? {
              pending: previous.pending.filter((invite) => invite.projectId !== projectId),
              projects: previous.projects.filter((project) => project.id !== projectId),
            }
          : previous,
      );
      void queryClient.invalidateQueries({ queryKey: projectsQueryKey });
    },
  });
};
