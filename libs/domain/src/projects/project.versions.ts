import type { DomainEvent } from '../kernel/messages.js';
import type { ProjectEvent } from './project.events.js';

/**
 * What moves each version a project stream carries. One stream holds the details, the team and
 * the updates, and people follow it; an edit conflicts only with changes to what it edits, so a
 * follow (or a new update) between loading the form and saving it does not refuse the save. Each
 * version is the stream revision of the last event that moves it, as the read models keep it.
 */
const detailsEvents = new Set<string>(['ProjectCreated', 'ProjectUpdated', 'ProjectPhotoChanged']);

const teamEvents = new Set<string>([
  'ProjectCreated',
  'ProjectMemberInvited',
  'ProjectInviteAccepted',
  'ProjectInviteDeclined',
  'ProjectInviteCancelled',
  'ProjectMemberRoleChanged',
  'ProjectMemberRemoved',
]);

/** The project form's version: its details and photo. */
export const movesProjectDetails = (event: DomainEvent): boolean => detailsEvents.has(event.type);

/** The team manager's version: members, roles and pending invitations. */
export const movesProjectTeam = (event: DomainEvent): boolean => teamEvents.has(event.type);

/** One update's version: its posting and each edit of it. */
export const movesProjectUpdate =
  (updateId: number) =>
  (event: DomainEvent): boolean => {
    const e = event as ProjectEvent;
    return (e.type === 'ProjectUpdatePosted' || e.type === 'ProjectUpdateEdited') && e.data.updateId === updateId;
  };
