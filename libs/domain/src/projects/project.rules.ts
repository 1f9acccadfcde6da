import { DomainError, type FieldErrors } from '../kernel/domain-error.js';
import type { ProjectDetails } from './project.events.js';

/** Spec §5 and §9: name, description, goal and location are required, 100 characters at most. */
export const PROJECT_TEXT_MAX = 100;
/** Tags travel as a JSON list of texts; the serialised list is limited too (spec §5). */
export const PROJECT_TAGS_MAX = 100;
export const PROJECT_REQUIRED_FIELDS = ['name', 'description', 'goal', 'location'] as const;
/**
 * The spec sets no rule on a project update's body; an empty one says nothing and a huge one is
 * not an update, so both are refused.
 */
export const PROJECT_UPDATE_MAX = 10_000;

export const projectMessages = {
  required: 'This field is required.',
  tooLong: `This field has a limit of ${PROJECT_TEXT_MAX} characters`,
  endBeforeStart: 'The end date cannot be before the start date.',
  badDate: 'This is not a valid date.',
  badBounds: 'Bounds need a south-west corner below and left of the north-east corner, in degrees.',
  badPrivacy: 'Privacy is 0 (private) or a positive number (public).',
  notFound: 'This project does not exist.',
  /** Spec §8: the 403 of a private project, after which the client asks the visitor to log in. */
  private: 'This project is private.',
  updateTooLong: `An update has a limit of ${PROJECT_UPDATE_MAX.toLocaleString('en-US')} characters`,
  updateNotFound: 'This project update does not exist.',
  stationNotInProject: 'This station is not in the project.',
  /** Spec §5: the message shown when an invitation fails. */
  alreadyInvited: 'This user is already invited.',
  inviteNotFound: 'This invitation is not valid any more.',
  notAMember: 'This person is not a member of the project.',
  ownRole: 'You cannot change your own role.',
  pendingMember: 'An invited member cannot be edited until they accept the invitation.',
  removeSelf: 'You cannot remove yourself from the project.',
  lastAdministrator: 'A project needs at least one administrator.',
} as const;

const validLngLat = ([lng, lat]: readonly [number, number]): boolean =>
  Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;

/** Checks a complete set of project details; throws one validation error listing every bad field. */
export const assertValidProject = (details: ProjectDetails): void => {
  const errors: Record<string, string> = {};
  for (const field of PROJECT_REQUIRED_FIELDS) {
    const value = details[field].trim();
    if (value.length === 0) errors[field] = projectMessages.required;
    else if (value.length > PROJECT_TEXT_MAX) errors[field] = projectMessages.tooLong;
  }
  if (JSON.stringify(details.tags).length > PROJECT_TAGS_MAX) errors['tags'] = projectMessages.tooLong;
  if (!Number.isInteger(details.privacy) || details.privacy < 0) errors['privacy'] = projectMessages.badPrivacy;
  const start = details.startTime === null ? null : Date.parse(details.startTime);
  const end = details.endTime === null ? null : Date.parse(details.endTime);
  if (start !== null && Number.isNaN(start)) errors['startTime'] = projectMessages.badDate;
  if (end !== null && Number.isNaN(end)) errors['endTime'] = projectMessages.badDate;
  if (start !== null && end !== null && !Number.isNaN(start) && !Number.isNaN(end) && end < start) {
    errors['endTime'] = projectMessages.endBeforeStart;
  }
  const b = details.bounds;
  if (b && (!validLngLat(b.min) || !validLngLat(b.max) || b.min[0] > b.max[0] || b.min[1] > b.max[1])) {
    errors['bounds'] = projectMessages.badBounds;
  }
  if (Object.keys(errors).length > 0) throw DomainError.validation('PROJECT.INVALID', errors as FieldErrors);
};

/** Spec §9: a project's duration adds one day to its end, so its end date counts as a whole day. */
export const PROJECT_DURATION_END_PADDING_MS = 24 * 60 * 60 * 1000;

/**
 * How long a project runs, in milliseconds: from its start time to one day after its end time.
 * Null unless both are set (and are dates).
 */
export const projectDuration = (startTime: string | null, endTime: string | null): number | null => {
  if (startTime === null || endTime === null) return null;
  const start = Date.parse(startTime);
  const end = Date.parse(endTime);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return end + PROJECT_DURATION_END_PADDING_MS - start;
};

/** A url-friendly slug: lower case words joined by dashes. */
export const slugify = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'project';
