import type { Command } from '../kernel/messages.js';
import type { ProjectRole } from '../access/policy.js';
import type { ProjectDetails } from './project.events.js';

export type CreateProject = Command<
  'CreateProject',
  Omit<ProjectDetails, 'tags' | 'privacy' | 'showStations' | 'showExactLocation' | 'bounds' | 'startTime' | 'endTime'> &
    Partial<ProjectDetails> & { readonly projectId: number; readonly slug?: string }
>;

export type UpdateProject = Command<'UpdateProject', { readonly projectId: number; readonly changes: Partial<ProjectDetails> }>;

export type DeleteProject = Command<'DeleteProject', { readonly projectId: number }>;

export type ChangeProjectPhoto = Command<'ChangeProjectPhoto', { readonly projectId: number; readonly photo: string }>;

/** Follows and unfollows are idempotent: following twice decides nothing. */
export type FollowProject = Command<'FollowProject', { readonly projectId: number; readonly userId: number }>;
export type UnfollowProject = Command<'UnfollowProject', { readonly projectId: number; readonly userId: number }>;

export type PostProjectUpdate = Command<
  'PostProjectUpdate',
  { readonly projectId: number; readonly updateId: number; readonly authorId: number; readonly body: string }
>;
export type EditProjectUpdate = Command<
  'EditProjectUpdate',
  { readonly projectId: number; readonly updateId: number; readonly body: string }
>;
export type DeleteProjectUpdate = Command<'DeleteProjectUpdate', { readonly projectId: number; readonly updateId: number }>;

/** Adding a station the project already holds decides nothing (idempotent). */
export type AddProjectStation = Command<'AddProjectStation', { readonly projectId: number; readonly stationId: number }>;
export type RemoveProjectStation = Command<'RemoveProjectStation', { readonly projectId: number; readonly stationId: number }>;

/**
 * Invite an address. `inviteeUserId` is the account holding that address, if any (looked up by the
 * caller), so that inviting someone already in the team is refused like a second invitation.
 */
export type InviteProjectMember = Command<
  'InviteProjectMember',
  {
    readonly projectId: number;
    readonly inviteId: number;
    readonly email: string;
    readonly role: ProjectRole;
    readonly tokenHash: string;
    readonly inviteeUserId: number | null;
  }
>;

/**
 * How the one answering proves the invitation is theirs: the e-mailed token (its hash), or being
 * signed in with the validated address the invitation was sent to.
 */
export type InviteProof = { readonly tokenHash: string } | { readonly email: string };

export type AcceptProjectInvite = Command<
  'AcceptProjectInvite',
  { readonly projectId: number; readonly inviteId: number; readonly userId: number; readonly proof: InviteProof }
>;
export type DeclineProjectInvite = Command<
  'DeclineProjectInvite',
  { readonly projectId: number; readonly inviteId: number; readonly userId: number | null; readonly proof: InviteProof }
>;

/**
 * A team change names the person by e-mail (spec §7); `userId` is the account holding that address,
 * if any. The one asking is `meta.userId`: their own role and membership cannot be changed.
 */
export type ChangeProjectMemberRole = Command<
  'ChangeProjectMemberRole',
  { readonly projectId: number; readonly email: string; readonly userId: number | null; readonly role: ProjectRole }
>;
/** Removes a member, or withdraws a pending invitation sent to that address. */
export type RemoveProjectMember = Command<
  'RemoveProjectMember',
  { readonly projectId: number; readonly email: string; readonly userId: number | null }
>;

export type ProjectCommand =
  | CreateProject
  | UpdateProject
  | DeleteProject
  | ChangeProjectPhoto
  | FollowProject
  | UnfollowProject
  | PostProjectUpdate
  | EditProjectUpdate
  | DeleteProjectUpdate
  | AddProjectStation
  | RemoveProjectStation
  | InviteProjectMember
  | AcceptProjectInvite
  | DeclineProjectInvite
  | ChangeProjectMemberRole
  | RemoveProjectMember;

/**
 * Commands that carry no client version and mean the same thing on any newer state of the project
 * (follow, add or take out a station, answer an invitation): when someone else changed the project
 * in between, they are decided again rather than refused. Edits of what people read (details,
 * updates, roles) stay a conflict, since the editor saw an older version.
 */
export const retriedProjectCommands: ReadonlySet<ProjectCommand['type']> = new Set([
  'FollowProject',
  'UnfollowProject',
  'AddProjectStation',
  'RemoveProjectStation',
  'AcceptProjectInvite',
  'DeclineProjectInvite',
]);
