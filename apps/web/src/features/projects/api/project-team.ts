import { ProjectUsers, type Project, type ProjectUser } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { projectQueryOptions } from './get-project';

/** Team payloads carry the role as a number (spec §3): 0 member, 1 administrator. */
export type RoleNumber = 0 | 1;
export const roleNumber = (role: ProjectUser['role']): RoleNumber => (role === 'Administrator' ? 1 : 0);

/** POST /projects/{id}/invite: 400 'This user is already invited.' for a pending invitation or a member. */
export const inviteMember = (projectId: number, email: string, role: RoleNumber): Promise<ProjectUsers> =>
  apiClient.post(`/projects/${projectId}/invite`, ProjectUsers, { body: { email, role }, auth: 'required' });

/** PATCH /projects/{id}/roles. */
export const changeRole = (projectId: number, email: string, role: RoleNumber): Promise<ProjectUsers> =>
  apiClient.patch(`/projects/${projectId}/roles`, ProjectUsers, { body: { email, role }, auth: 'required' });

/** DELETE /projects/{id}/members: removes a member or withdraws an invitation. */
export const removeMember = (projectId: number, email: string): Promise<ProjectUsers> =>
  apiClient.delete(`/projects/${projectId}/members`, ProjectUsers, { body: { email }, auth: 'required' });

export type TeamChange =
  | { readonly kind: 'invite'; readonly email: string; readonly role: RoleNumber }
  | { readonly kind: 'role'; readonly email: string; readonly role: RoleNumber }
  | { readonly kind: 'remove'; readonly email: string };

/** Every team change answers the new team; the project shown takes it at once, then reloads (spec §4). */
export const useChangeTeam = (projectId: number) => {
  const queryClient = useQueryClient();
  const key = projectQueryOptions(projectId).queryKey;
  return useMutation({
    mutationFn: (change: TeamChange): Promise<ProjectUsers> =>
      change.kind === 'invite'
        ? inviteMember(projectId, change.email, change.role)
        : change.kind === 'role'
          ? changeRole(projectId, change.email, change.role)
          : removeMember(projectId, change.email),
    onSuccess: ({ users }) => {
      queryClient.setQueryData<Project>(key, (previous) => (previous ? { ...previous, users } : previous));
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
};
