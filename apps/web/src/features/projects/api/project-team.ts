import { type Project, projectRoutes, type ProjectUser, ProjectUsers } from '@groundtruth/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { callRoute } from '@/lib/call-route';
import { projectQueryOptions } from './get-project';

/** Team payloads carry the role as a number (spec §3): 0 member, 1 administrator. */
export type RoleNumber = 0 | 1;
export const roleNumber = (role: ProjectUser['role']): RoleNumber => (role === 'Administrator' ? 1 : 0);

/** POST /projects/{id}/invite: 400 'This user is already invited.' for a pending invitation or a member. */
export const inviteMember = (projectId: number, email: string, role: RoleNumber): Promise<ProjectUsers> =>
  callRoute(projectRoutes.inviteProjectMember, { params: { projectId }, body: { email, role } });

/** PATCH /projects/{id}/roles, made on the team's `version` (the project's teamVersion): 409 when the team changed since. */
export const changeRole = (projectId: number, email: string, role: RoleNumber, version: number): Promise<ProjectUsers> =>
  callRoute(projectRoutes.changeProjectRole, { params: { projectId }, body: { email, role, version } });

/** DELETE /projects/{id}/members: removes a member or withdraws an invitation (made on the team's `version`, as a role change). */
export const removeMember = (projectId: number, email: string, version: number): Promise<ProjectUsers> =>
  callRoute(projectRoutes.removeProjectMember, { params: { projectId }, body: { email, version } });

export type TeamChange =
  | { readonly kind: 'invite'; readonly email: string; readonly role: RoleNumber }
  | { readonly kind: 'role'; readonly email: string; readonly role: RoleNumber }
  | { readonly kind: 'remove'; readonly email: string };

/** Every team change answers the new team; the project shown takes it at once, then reloads (spec §4). */
export const useChangeTeam = (projectId: number) => {
  const queryClient = useQueryClient();
  const key = projectQueryOptions(projectId).queryKey;
  const showTeam = ({ users, version }: ProjectUsers) =>
    queryClient.setQueryData<Project>(key, (previous) => (previous ? { ...previous, users, teamVersion: version } : previous));
  return useMutation({
    mutationFn: (change: TeamChange): Promise<ProjectUsers> => {
      // The team as shown is what the change is made on.
      const version = queryClient.getQueryData<Project>(key)?.teamVersion ?? 0;
      return change.kind === 'invite'
        ? inviteMember(projectId, change.email, change.role)
        : change.kind === 'role'
          ? changeRole(projectId, change.email, change.role, version)
          : removeMember(projectId, change.email, version);
    },
    onSuccess: (team) => {
      showTeam(team);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: (error) => {
      // A 409 carries the team as it is now: show it, so the next change is made on it.
      const current = isApiError(error) && error.isConflict ? ProjectUsers.safeParse(error.current) : null;
      if (current?.success) showTeam(current.data);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
};
