import type { DomainEvent } from '../kernel/messages.js';
import type { ProjectRole } from '../access/policy.js';
import type { Personal } from '../users/user.events.js';

export type ProjectBounds = { readonly min: readonly [number, number]; readonly max: readonly [number, number] };

/** The editable fields of a project (spec §3 Project). Privacy: 0 private, positive public. */
export type ProjectDetails = {
  readonly name: string;
  readonly description: string;
  readonly goal: string;
  readonly location: string;
  readonly tags: readonly string[];
  readonly privacy: number;
  readonly showStations: boolean;
  /**
   * Spec §2 project form, "show exact or general station location": with false, people outside
   * the team see the project's stations at a general location (about a kilometre) only.
   */
  readonly showExactLocation: boolean;
  readonly bounds: ProjectBounds | null;
  readonly startTime: string | null;
  readonly endTime: string | null;
};

/**
 * The creator (when there is one) is the project's first administrator. Projects created before
 * the location choice existed were stored without `showExactLocation`; they are read back with
 * `true` (exact) by `projectUpcasters`, so every reader sees this shape.
 */
export type ProjectCreated = DomainEvent<
  'ProjectCreated',
  ProjectDetails & {
    readonly projectId: number;
    readonly slug: string;
    readonly createdBy: number | null;
    readonly createdAt: string;
  }
>;

export type ProjectUpdated = DomainEvent<
  'ProjectUpdated',
  { readonly projectId: number; readonly changes: Partial<ProjectDetails>; readonly updatedAt: string }
>;

/** The project is gone: every later command on it is a 404, and its read-model rows go away. */
export type ProjectDeleted = DomainEvent<'ProjectDeleted', { readonly projectId: number; readonly deletedAt: string }>;

/** `photo` is a MediaStore key. */
export type ProjectPhotoChanged = DomainEvent<
  'ProjectPhotoChanged',
  { readonly projectId: number; readonly photo: string; readonly changedAt: string }
>;

export type ProjectFollowed = DomainEvent<
  'ProjectFollowed',
  { readonly projectId: number; readonly userId: number; readonly followedAt: string }
>;

export type ProjectUnfollowed = DomainEvent<
  'ProjectUnfollowed',
  { readonly projectId: number; readonly userId: number; readonly unfollowedAt: string }
>;

export type ProjectUpdatePosted = DomainEvent<
  'ProjectUpdatePosted',
  {
    readonly projectId: number;
    readonly updateId: number;
    readonly authorId: number;
    readonly body: string;
    readonly postedAt: string;
  }
>;

export type ProjectUpdateEdited = DomainEvent<
  'ProjectUpdateEdited',
  { readonly projectId: number; readonly updateId: number; readonly body: string; readonly editedAt: string }
>;

export type ProjectUpdateDeleted = DomainEvent<
  'ProjectUpdateDeleted',
  { readonly projectId: number; readonly updateId: number; readonly deletedAt: string }
>;

export type ProjectStationAdded = DomainEvent<
  'ProjectStationAdded',
  { readonly projectId: number; readonly stationId: number; readonly addedAt: string }
>;

export type ProjectStationRemoved = DomainEvent<
  'ProjectStationRemoved',
  { readonly projectId: number; readonly stationId: number; readonly removedAt: string }
>;

/**
 * An invitation by e-mail. The address is personal data of someone who may have no account yet:
 * it is sealed under `piiSubject` (`project-invite-<inviteId>`), whose key is destroyed once the
 * invitation is answered or withdrawn. Only a hash of the e-mailed token is kept.
 */
export type ProjectMemberInvited = DomainEvent<
  'ProjectMemberInvited',
  {
    readonly projectId: number;
    readonly inviteId: number;
    readonly role: ProjectRole;
    readonly tokenHash: string;
    readonly invitedBy: number | null;
    readonly piiSubject: string;
    readonly pii: Personal<{ readonly email: string }>;
    readonly invitedAt: string;
  }
>;

/** `role` is the member's role afterwards (someone already in the team keeps the role they had). */
export type ProjectInviteAccepted = DomainEvent<
  'ProjectInviteAccepted',
  {
    readonly projectId: number;
    readonly inviteId: number;
    readonly userId: number;
    readonly role: ProjectRole;
    readonly acceptedAt: string;
  }
>;

export type ProjectInviteDeclined = DomainEvent<
  'ProjectInviteDeclined',
  { readonly projectId: number; readonly inviteId: number; readonly userId: number | null; readonly declinedAt: string }
>;

/** An administrator withdrew a pending invitation (DELETE /projects/{id}/members with its address). */
export type ProjectInviteCancelled = DomainEvent<
  'ProjectInviteCancelled',
  { readonly projectId: number; readonly inviteId: number; readonly cancelledBy: number | null; readonly cancelledAt: string }
>;

export type ProjectMemberRoleChanged = DomainEvent<
  'ProjectMemberRoleChanged',
  {
    readonly projectId: number;
    readonly userId: number;
    readonly role: ProjectRole;
    readonly changedBy: number | null;
    readonly changedAt: string;
  }
>;

export type ProjectMemberRemoved = DomainEvent<
  'ProjectMemberRemoved',
  { readonly projectId: number; readonly userId: number; readonly removedBy: number | null; readonly removedAt: string }
>;

export type ProjectEvent =
  | ProjectCreated
  | ProjectUpdated
  | ProjectDeleted
  | ProjectPhotoChanged
  | ProjectFollowed
  | ProjectUnfollowed
  | ProjectUpdatePosted
  | ProjectUpdateEdited
  | ProjectUpdateDeleted
  | ProjectStationAdded
  | ProjectStationRemoved
  | ProjectMemberInvited
  | ProjectInviteAccepted
  | ProjectInviteDeclined
  | ProjectInviteCancelled
  | ProjectMemberRoleChanged
  | ProjectMemberRemoved;

export const projectEventTypes = [
  'ProjectCreated',
  'ProjectUpdated',
  'ProjectDeleted',
  'ProjectPhotoChanged',
  'ProjectFollowed',
  'ProjectUnfollowed',
  'ProjectUpdatePosted',
  'ProjectUpdateEdited',
  'ProjectUpdateDeleted',
  'ProjectStationAdded',
  'ProjectStationRemoved',
  'ProjectMemberInvited',
  'ProjectInviteAccepted',
  'ProjectInviteDeclined',
  'ProjectInviteCancelled',
  'ProjectMemberRoleChanged',
  'ProjectMemberRemoved',
] as const satisfies readonly ProjectEvent['type'][];

export const projectStream = (projectId: number): string => `project-${projectId}`;

/** The key name an invitation's e-mail address is sealed under. */
export const projectInviteSubject = (inviteId: number): string => `project-invite-${inviteId}`;
