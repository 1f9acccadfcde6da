import { type ProjectInvitation, projectRoutes } from '@groundtruth/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRoute } from '@/lib/call-route';
import { projectsQueryKey } from './get-projects';

/** GET /projects/invites/{token}: the invitation an e-mailed link carries, with its project. */
export const getInvitationByToken = (token: string, signal?: AbortSignal): Promise<ProjectInvitation> =>
  callRoute(projectRoutes.projectInviteByToken, { params: { token }, signal });

export const invitationByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [...projectsQueryKey, 'invites', 'token', token] as const,
    queryFn: ({ signal }) => getInvitationByToken(token, signal),
  });

export const useInvitationByToken = (token: string | null) =>
  useQuery({ ...invitationByTokenQueryOptions(token ?? ''), enabled: token !== null });

/** POST /projects/invites/{id}/accept?token= (the signed-in user joins), or …/reject?token= (the token also in the body). */
export const answerInvitationByToken = async ({ id, token, accept }: { id: number; token: string; accept: boolean }) => {
  const query = { token };
  if (accept) await callRoute(projectRoutes.acceptInviteByToken, { params: { id }, query });
  else await callRoute(projectRoutes.rejectInviteByToken, { params: { id }, query, body: { token } });
};

export const useAnswerInvitationByToken = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitationByToken,
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectsQueryKey }),
  });
};
