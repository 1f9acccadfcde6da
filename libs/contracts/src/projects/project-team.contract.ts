import { z } from 'zod';
import { PROJECT_UPDATE_MAX, projectMessages } from '@groundtruth/domain';
import { IdParam } from '../common/params.contract.js';
import { ExpectedVersion, Version } from '../common/version.contract.js';
import { Email } from '../users/users.contract.js';
import { Project, ProjectPhoto, ProjectRoleName } from './projects.contract.js';

export const ProjectParams = z.object({ projectId: IdParam });
export type ProjectParams = z.infer<typeof ProjectParams>;
export const ProjectUpdateParams = z.object({ projectId: IdParam, updateId: IdParam });
export type ProjectUpdateParams = z.infer<typeof ProjectUpdateParams>;
export const ProjectStationParams = z.object({ projectId: IdParam, stationId: IdParam });
export type ProjectStationParams = z.infer<typeof ProjectStationParams>;

/** Team payloads carry the role as a number (spec §3): 0 member, 1 administrator. */
export const ProjectRoleInput = z
  .union([z.literal(0), z.literal(1)], { error: 'The role is 0 (member) or 1 (administrator).' })
  .meta({ description: '0 member, 1 administrator' });

export const InviteBody = z.object({ email: Email, role: ProjectRoleInput.default(0) }).meta({ id: 'ProjectInvite' });
export type InviteBody = z.infer<typeof InviteBody>;

export const ChangeRoleBody = z
  .object({ email: Email, role: ProjectRoleInput, version: ExpectedVersion })
  .meta({ id: 'ProjectRoleChange' });
export type ChangeRoleBody = z.infer<typeof ChangeRoleBody>;

export const RemoveMemberBody = z.object({ email: Email, version: ExpectedVersion }).meta({ id: 'ProjectMemberRemoval' });
export type RemoveMemberBody = z.infer<typeof RemoveMemberBody>;

const InviteToken = z
  .string({ error: 'The invitation token is missing.' })
  .trim()
  .min(1, { error: 'The invitation token is missing.' })
  .max(200, { error: 'This is not an invitation token.' });

export const InviteTokenParams = z.object({ token: InviteToken });
export type InviteTokenParams = z.infer<typeof InviteTokenParams>;
export const InviteTokenQuery = z.object({ token: InviteToken });
export type InviteTokenQuery = z.infer<typeof InviteTokenQuery>;
/** Declining takes the token in the query or in the body (spec §7). */
export const OptionalInviteTokenQuery = z.object({ token: InviteToken.optional() });
export type OptionalInviteTokenQuery = z.infer<typeof OptionalInviteTokenQuery>;
export const DeclineInviteBody = z.object({ token: InviteToken.optional() }).meta({ id: 'ProjectInviteDecline' });
export type DeclineInviteBody = z.infer<typeof DeclineInviteBody>;

/** An invitation as its invitee sees it: the project and the role offered (never the address). */
export const ProjectInvitation = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    role: ProjectRoleName,
    invitedAt: z.string(),
    project: Project,
  })
  .meta({ id: 'ProjectInvitation' });
export type ProjectInvitation = z.infer<typeof ProjectInvitation>;

/** Spec §3 'Invite lists': the pending invitations (each with its project) and those projects. */
export const PendingInvites = z
  .object({ pending: z.array(ProjectInvitation), projects: z.array(Project) })
  .meta({ id: 'PendingInvites' });
export type PendingInvites = z.infer<typeof PendingInvites>;

export const ProjectFollower = z
  .object({ id: z.number().int(), name: z.string(), photo: ProjectPhoto.nullable() })
  .meta({ id: 'ProjectFollower' });
export const ProjectFollowers = z
  .object({ followers: z.array(ProjectFollower), total: z.number().int() })
  .meta({ id: 'ProjectFollowers' });
export type ProjectFollowers = z.infer<typeof ProjectFollowers>;

/**
 * Spec §5 sets no rule on an update's body; an empty or huge one is refused (the domain says so
 * with the same messages).
 */
export const ProjectUpdateBody = z
  .object({
    body: z
      .string({ error: projectMessages.required })
      .trim()
      .min(1, { error: projectMessages.required })
      .max(PROJECT_UPDATE_MAX, { error: projectMessages.updateTooLong }),
  })
  .meta({ id: 'ProjectUpdateInput' });
export type ProjectUpdateBody = z.infer<typeof ProjectUpdateBody>;

export const EditProjectUpdateBody = ProjectUpdateBody.extend({ version: ExpectedVersion }).meta({ id: 'ProjectUpdateEdit' });
export type EditProjectUpdateBody = z.infer<typeof EditProjectUpdateBody>;

export const ProjectUpdate = z
  .object({
    id: z.number().int(),
    projectId: z.number().int(),
    body: z.string(),
    author: z.object({ id: z.number().int(), name: z.string(), photo: ProjectPhoto.nullable() }),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: Version,
  })
  .meta({ id: 'ProjectUpdate' });
export type ProjectUpdate = z.infer<typeof ProjectUpdate>;

export const ProjectUpdateList = z.object({ updates: z.array(ProjectUpdate) }).meta({ id: 'ProjectUpdateList' });
export type ProjectUpdateList = z.infer<typeof ProjectUpdateList>;
