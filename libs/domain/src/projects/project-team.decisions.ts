import { DomainError } from '../kernel/domain-error.js';
import type { CommandMetadata } from '../kernel/messages.js';
import { isValidEmail, normalizeEmail, userMessages } from '../users/user.rules.js';
import type {
  AcceptProjectInvite,
  ChangeProjectMemberRole,
  DeclineProjectInvite,
  InviteProjectMember,
  InviteProof,
  RemoveProjectMember,
} from './project.commands.js';
import type { ActiveProject, PendingInvite } from './project.decider.js';
import { projectInviteSubject, type ProjectEvent } from './project.events.js';
import { projectMessages } from './project.rules.js';

/**
 * The team of a project (spec §2 Team manager, §4 Team member): invitations by e-mail, answers to
 * them, role changes and removals. Nobody changes their own role or removes themself, invited
 * people cannot be edited until they accept, and a project never loses its last administrator.
 */

const fieldError = (code: string, field: string, message: string) => DomainError.validation(code, { [field]: message }, message);

const pendingFor = (state: ActiveProject, email: string): [number, PendingInvite] | undefined =>
  [...state.invites.entries()].find(([, i]) => i.email !== null && i.email === email);

const administrators = (state: ActiveProject): number =>
  [...state.members.values()].filter((role) => role === 'administrator').length;

export const invite = ({ data }: InviteProjectMember, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  const email = normalizeEmail(data.email);
  if (email.length === 0) throw fieldError('PROJECT.INVALID_INVITE', 'email', userMessages.emailRequired);
  if (!isValidEmail(email)) throw fieldError('PROJECT.INVALID_INVITE', 'email', userMessages.emailValid);
  if (state.invites.has(data.inviteId))
    throw new DomainError('conflict', 'PROJECT.INVITE_EXISTS', 'This invitation already exists.');
  const member = data.inviteeUserId !== null && state.members.has(data.inviteeUserId);
  if (member || pendingFor(state, email)) throw fieldError('PROJECT.ALREADY_INVITED', 'email', projectMessages.alreadyInvited);
  return [
    {
      type: 'ProjectMemberInvited',
      data: {
        projectId: state.projectId,
        inviteId: data.inviteId,
        role: data.role,
        tokenHash: data.tokenHash,
        invitedBy: meta.userId,
        piiSubject: projectInviteSubject(data.inviteId),
        pii: { email },
        invitedAt: meta.now,
      },
    },
  ];
};

/** The pending invitation the proof opens; otherwise the same 404 whether it never existed, was answered, or is not theirs. */
const provenInvite = (state: ActiveProject, inviteId: number, proof: InviteProof): PendingInvite => {
  const pending = state.invites.get(inviteId);
  const proven =
    pending !== undefined &&
    ('tokenHash' in proof
      ? pending.tokenHash === proof.tokenHash
      : pending.email !== null && pending.email === normalizeEmail(proof.email));
  if (!proven) throw new DomainError('not_found', 'PROJECT.INVITE_NOT_FOUND', projectMessages.inviteNotFound);
  return pending;
};

export const acceptInvite = ({ data }: AcceptProjectInvite, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  const pending = provenInvite(state, data.inviteId, data.proof);
  // Someone already in the team (who got a second link) keeps the role they have.
  const role = state.members.get(data.userId) ?? pending.role;
  return [
    {
      type: 'ProjectInviteAccepted',
      data: { projectId: state.projectId, inviteId: data.inviteId, userId: data.userId, role, acceptedAt: meta.now },
    },
  ];
};

export const declineInvite = ({ data }: DeclineProjectInvite, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  provenInvite(state, data.inviteId, data.proof);
  return [
    {
      type: 'ProjectInviteDeclined',
      data: { projectId: state.projectId, inviteId: data.inviteId, userId: data.userId, declinedAt: meta.now },
    },
  ];
};

/** The member named by the request, or the right refusal for a pending invitation or a stranger. */
const memberNamed = (state: ActiveProject, email: string, userId: number | null): number => {
  if (userId !== null && state.members.has(userId)) return userId;
  if (pendingFor(state, normalizeEmail(email)))
    throw fieldError('PROJECT.PENDING_MEMBER', 'email', projectMessages.pendingMember);
  throw fieldError('PROJECT.NOT_A_MEMBER', 'email', projectMessages.notAMember);
};

export const changeRole = ({ data }: ChangeProjectMemberRole, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  if (data.userId !== null && data.userId === meta.userId) throw fieldError('PROJECT.OWN_ROLE', 'email', projectMessages.ownRole);
  const userId = memberNamed(state, data.email, data.userId);
  const current = state.members.get(userId);
  if (current === data.role) return [];
  if (current === 'administrator' && administrators(state) === 1) {
    throw fieldError('PROJECT.LAST_ADMINISTRATOR', 'role', projectMessages.lastAdministrator);
  }
  return [
    {
      type: 'ProjectMemberRoleChanged',
      data: { projectId: state.projectId, userId, role: data.role, changedBy: meta.userId, changedAt: meta.now },
    },
  ];
};

export const removeMember = ({ data }: RemoveProjectMember, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  if (data.userId !== null && data.userId === meta.userId)
    throw fieldError('PROJECT.REMOVE_SELF', 'email', projectMessages.removeSelf);
  if (data.userId !== null && state.members.has(data.userId)) {
    if (state.members.get(data.userId) === 'administrator' && administrators(state) === 1) {
      throw fieldError('PROJECT.LAST_ADMINISTRATOR', 'email', projectMessages.lastAdministrator);
    }
    return [
      {
        type: 'ProjectMemberRemoved',
        data: { projectId: state.projectId, userId: data.userId, removedBy: meta.userId, removedAt: meta.now },
      },
    ];
  }
  // An invitation not yet answered is withdrawn the same way a member is removed.
  const pending = pendingFor(state, normalizeEmail(data.email));
  if (!pending) throw fieldError('PROJECT.NOT_A_MEMBER', 'email', projectMessages.notAMember);
  return [
    {
      type: 'ProjectInviteCancelled',
      data: { projectId: state.projectId, inviteId: pending[0], cancelledBy: meta.userId, cancelledAt: meta.now },
    },
  ];
};
