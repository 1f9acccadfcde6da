import { IdParams } from '../common/params.contract.js';
import { route } from '../http/route.js';
import { versionErrors } from '../common/version.contract.js';
import {
  ChangeRoleBody,
  DeclineInviteBody,
  InviteBody,
  InviteTokenParams,
  InviteTokenQuery,
  OptionalInviteTokenQuery,
  PendingInvites,
  ProjectInvitation,
  ProjectParams,
  RemoveMemberBody,
} from './project-team.contract.js';
import { Project, ProjectUsers } from './projects.contract.js';

const badId = 'The id is not a number';
const notAdmin = 'The asker does not administer the project';
const noInvite = 'No such invitation, or it was already answered or withdrawn (PROJECT.INVITE_NOT_FOUND)';

/** The team of a project (spec §7 Projects: members, roles, invitations; Users: GET /users/project/{id}). */
export const projectTeamRoutes = {
  projectUsers: route({
    method: 'get',
    path: '/users/project/{id}',
    summary:
      "A project's team: administrators, then members, then invitations not yet answered. E-mail addresses are shown to the project's administrators only.",
    tags: ['projects'],
    auth: 'optional',
    params: IdParams,
    response: ProjectUsers,
    versionEtag: true,
    errors: { 400: badId, 403: 'The project is private (PROJECT.PRIVATE)', 404: 'No such project' },
  }),
  inviteProjectMember: route({
    method: 'post',
    path: '/projects/{projectId}/invite',
    summary:
      'Invite someone by e-mail with a role (0 member, the default; 1 administrator). An e-mail with a link (/projects/invitation?token=…) is sent in the language of the request. The address needs no account yet: the invitation waits, and answering it needs sign-in.',
    tags: ['projects'],
    auth: 'required',
    params: ProjectParams,
    body: InviteBody,
    response: ProjectUsers,
    errors: {
      400: "Bad e-mail or role, or 'This user is already invited.' (a pending invitation, or already a member)",
      401: 'Not signed in',
      403: notAdmin,
      404: 'No such project',
      409: 'Changed at the same time',
    },
  }),
  changeProjectRole: route({
    method: 'patch',
    path: '/projects/{projectId}/roles',
    summary:
      "Change a member's role (0 member, 1 administrator). One's own role and invited members cannot be changed; a project keeps at least one administrator.",
    tags: ['projects'],
    auth: 'required',
    params: ProjectParams,
    body: ChangeRoleBody,
    response: ProjectUsers,
    versioned: true,
    errors: {
      400: 'Bad e-mail or role; own role; an invited member; not a member; the last administrator',
      401: 'Not signed in',
      403: notAdmin,
      404: 'No such project',
      ...versionErrors,
    },
  }),
  removeProjectMember: route({
    method: 'delete',
    path: '/projects/{projectId}/members',
    summary:
      'Remove a member, or withdraw an invitation not yet answered, named by e-mail. Nobody removes themself; a project keeps at least one administrator.',
    tags: ['projects'],
    auth: 'required',
    params: ProjectParams,
    body: RemoveMemberBody,
    response: ProjectUsers,
    versioned: true,
    errors: {
      400: 'Bad e-mail; oneself; not a member; the last administrator',
      401: 'Not signed in',
      403: notAdmin,
      404: 'No such project',
      ...versionErrors,
    },
  }),
  pendingProjectInvites: route({
    method: 'get',
    path: '/projects/invites/pending',
    summary: "Invitations sent to the signed-in user's validated e-mail address, not yet answered, with their projects",
    tags: ['projects'],
    auth: 'required',
    response: PendingInvites,
    errors: { 401: 'Not signed in' },
  }),
  projectInviteByToken: route({
    method: 'get',
    path: '/projects/invites/{token}',
    summary: 'The invitation an e-mailed link carries, and its project (even a private one)',
    tags: ['projects'],
    auth: 'optional',
    params: InviteTokenParams,
    response: ProjectInvitation,
    errors: { 400: 'No token', 404: noInvite },
  }),
  acceptPendingInvite: route({
    method: 'post',
    path: '/projects/{projectId}/invites/accept',
    summary: "Accept the invitation to this project sent to the signed-in user's validated address",
    tags: ['projects'],
    auth: 'required',
    params: ProjectParams,
    response: Project,
    errors: { 400: badId, 401: 'Not signed in', 404: noInvite, 409: 'Changed at the same time' },
  }),
  rejectPendingInvite: route({
    method: 'post',
    path: '/projects/{projectId}/invites/reject',
    summary: "Decline the invitation to this project sent to the signed-in user's validated address",
    tags: ['projects'],
    auth: 'required',
    params: ProjectParams,
    status: 204,
    errors: { 400: badId, 401: 'Not signed in', 404: noInvite, 409: 'Changed at the same time' },
  }),
  acceptInviteByToken: route({
    method: 'post',
    path: '/projects/invites/{id}/accept',
    summary: "Accept an invitation with its e-mailed token: the signed-in user joins the project with the invitation's role",
    tags: ['projects'],
    auth: 'required',
    params: IdParams,
    query: InviteTokenQuery,
    response: Project,
    errors: { 400: 'Bad id or no token', 401: 'Not signed in', 404: noInvite, 409: 'Changed at the same time' },
  }),
  rejectInviteByToken: route({
    method: 'post',
    path: '/projects/invites/{id}/reject',
    summary: 'Decline an invitation with its e-mailed token (in the query or the body)',
    tags: ['projects'],
    auth: 'required',
    params: IdParams,
    query: OptionalInviteTokenQuery,
    body: DeclineInviteBody,
    status: 204,
    errors: { 400: 'Bad id or no token', 401: 'Not signed in', 404: noInvite, 409: 'Changed at the same time' },
  }),
} as const;
