import { DomainError } from '../kernel/domain-error.js';
import { PersistentMap, PersistentSet } from '../kernel/persistent-collections.js';
import type { Decider } from '../kernel/decider.js';
import type { CommandMetadata } from '../kernel/messages.js';
import type { ProjectRole } from '../access/policy.js';
import type {
  AddProjectStation,
  ChangeProjectPhoto,
  CreateProject,
  DeleteProjectUpdate,
  EditProjectUpdate,
  PostProjectUpdate,
  ProjectCommand,
  RemoveProjectStation,
  UpdateProject,
} from './project.commands.js';
import type { ProjectDetails, ProjectEvent } from './project.events.js';
import { assertValidProject, projectMessages, PROJECT_UPDATE_MAX, slugify } from './project.rules.js';
import { acceptInvite, changeRole, declineInvite, invite, removeMember } from './project-team.decisions.js';

/** An invitation not yet answered. `email` is null only when its sealed address was erased. */
export type PendingInvite = { readonly email: string | null; readonly role: ProjectRole; readonly tokenHash: string };

export type ActiveProject = {
  readonly status: 'active';
  readonly projectId: number;
  readonly details: ProjectDetails;
  readonly photo: string | null;
  readonly members: ReadonlyMap<number, ProjectRole>;
  readonly invites: ReadonlyMap<number, PendingInvite>;
  readonly followers: ReadonlySet<number>;
  /** Update id → body. */
  readonly updates: ReadonlyMap<number, string>;
  readonly stations: ReadonlySet<number>;
};

export type ProjectState =
  { readonly status: 'absent' } | ActiveProject | { readonly status: 'deleted'; readonly projectId: number };

const notFound = () => new DomainError('not_found', 'PROJECT.NOT_FOUND', projectMessages.notFound);

/** The project, or the 404 every command on a missing or deleted project answers. */
const active = (state: ProjectState): ActiveProject => {
  if (state.status !== 'active') throw notFound();
  return state;
};

const trimmed = <T extends Partial<ProjectDetails>>(d: T): T => {
  const out: Record<string, unknown> = { ...d };
  for (const k of ['name', 'description', 'goal', 'location'] as const) {
    const v = d[k];
    if (typeof v === 'string') out[k] = v.trim();
  }
  if (d.tags) out['tags'] = d.tags.map((t) => t.trim()).filter((t) => t.length > 0);
  return out as T;
};

const create = (command: CreateProject, state: ProjectState, meta: CommandMetadata): ProjectEvent[] => {
  if (state.status !== 'absent') throw new DomainError('conflict', 'PROJECT.ALREADY_EXISTS', 'This project already exists.');
  const { projectId, slug, ...input } = command.data;
  const details: ProjectDetails = trimmed({
    name: input.name,
    description: input.description,
    goal: input.goal,
    location: input.location,
    tags: input.tags ?? [],
    privacy: input.privacy ?? 1,
    showStations: input.showStations ?? true,
    showExactLocation: input.showExactLocation ?? true,
    bounds: input.bounds ?? null,
    startTime: input.startTime ?? null,
    endTime: input.endTime ?? null,
  });
  assertValidProject(details);
  return [
    {
      type: 'ProjectCreated',
      data: { projectId, slug: slug?.trim() || slugify(details.name), ...details, createdBy: meta.userId, createdAt: meta.now },
    },
  ];
};

const update = (command: UpdateProject, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  const requested = trimmed(command.data.changes);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(requested) as [keyof ProjectDetails, unknown][]) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(state.details[key])) changes[key] = value;
  }
  assertValidProject({ ...state.details, ...(changes as Partial<ProjectDetails>) });
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ProjectUpdated', data: { projectId: state.projectId, changes, updatedAt: meta.now } }];
};

const changePhoto = (command: ChangeProjectPhoto, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] =>
  command.data.photo === state.photo
    ? []
    : [{ type: 'ProjectPhotoChanged', data: { projectId: state.projectId, photo: command.data.photo, changedAt: meta.now } }];

/** An update's text: trimmed, not empty, not huge (spec §5 sets no rule; see PROJECT_UPDATE_MAX). */
const updateBody = (body: string): string => {
  const text = body.trim();
  if (text.length === 0) throw DomainError.validation('PROJECT_UPDATE.INVALID', { body: projectMessages.required });
  if (text.length > PROJECT_UPDATE_MAX)
    throw DomainError.validation('PROJECT_UPDATE.INVALID', { body: projectMessages.updateTooLong });
  return text;
};

const existingUpdate = (state: ActiveProject, updateId: number): string => {
  const body = state.updates.get(updateId);
  if (body === undefined) throw new DomainError('not_found', 'PROJECT_UPDATE.NOT_FOUND', projectMessages.updateNotFound);
  return body;
};

const postUpdate = ({ data }: PostProjectUpdate, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  if (state.updates.has(data.updateId))
    throw new DomainError('conflict', 'PROJECT_UPDATE.ALREADY_EXISTS', 'This update already exists.');
  const body = updateBody(data.body);
  return [
    {
      type: 'ProjectUpdatePosted',
      data: { projectId: state.projectId, updateId: data.updateId, authorId: data.authorId, body, postedAt: meta.now },
    },
  ];
};

const editUpdate = ({ data }: EditProjectUpdate, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  const before = existingUpdate(state, data.updateId);
  const body = updateBody(data.body);
  if (body === before) return [];
  return [
    { type: 'ProjectUpdateEdited', data: { projectId: state.projectId, updateId: data.updateId, body, editedAt: meta.now } },
  ];
};

const deleteUpdate = ({ data }: DeleteProjectUpdate, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  existingUpdate(state, data.updateId);
  return [{ type: 'ProjectUpdateDeleted', data: { projectId: state.projectId, updateId: data.updateId, deletedAt: meta.now } }];
};

const addStation = ({ data }: AddProjectStation, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] =>
  state.stations.has(data.stationId)
    ? []
    : [{ type: 'ProjectStationAdded', data: { projectId: state.projectId, stationId: data.stationId, addedAt: meta.now } }];

const removeStation = ({ data }: RemoveProjectStation, state: ActiveProject, meta: CommandMetadata): ProjectEvent[] => {
  if (!state.stations.has(data.stationId)) {
    throw new DomainError('not_found', 'PROJECT.STATION_NOT_IN_PROJECT', projectMessages.stationNotInProject);
  }
  return [
    { type: 'ProjectStationRemoved', data: { projectId: state.projectId, stationId: data.stationId, removedAt: meta.now } },
  ];
};

// Persistent collections: one change is O(1), so folding a long stream is linear, not quadratic.
const withMap = <K, V>(map: ReadonlyMap<K, V>, key: K, value: V | undefined): ReadonlyMap<K, V> => {
  const from = PersistentMap.from(map);
  return value === undefined ? from.without(key) : from.with(key, value);
};

const withSet = <T>(set: ReadonlySet<T>, item: T, present: boolean): ReadonlySet<T> => {
  const from = PersistentSet.from(set);
  return present ? from.with(item) : from.without(item);
};

const evolveActive = (state: ActiveProject, event: ProjectEvent): ProjectState => {
  switch (event.type) {
    case 'ProjectUpdated':
      return { ...state, details: { ...state.details, ...event.data.changes } };
    case 'ProjectDeleted':
      return { status: 'deleted', projectId: state.projectId };
    case 'ProjectPhotoChanged':
      return { ...state, photo: event.data.photo };
    case 'ProjectFollowed':
      return { ...state, followers: withSet(state.followers, event.data.userId, true) };
    case 'ProjectUnfollowed':
      return { ...state, followers: withSet(state.followers, event.data.userId, false) };
    case 'ProjectUpdatePosted':
    case 'ProjectUpdateEdited':
      return { ...state, updates: withMap(state.updates, event.data.updateId, event.data.body) };
    case 'ProjectUpdateDeleted':
      return { ...state, updates: withMap(state.updates, event.data.updateId, undefined) };
    case 'ProjectStationAdded':
      return { ...state, stations: withSet(state.stations, event.data.stationId, true) };
    case 'ProjectStationRemoved':
      return { ...state, stations: withSet(state.stations, event.data.stationId, false) };
    case 'ProjectMemberInvited': {
      const { inviteId, role, tokenHash, pii } = event.data;
      return { ...state, invites: withMap(state.invites, inviteId, { email: pii?.email ?? null, role, tokenHash }) };
    }
    case 'ProjectInviteAccepted':
      return {
        ...state,
        invites: withMap(state.invites, event.data.inviteId, undefined),
        members: withMap(state.members, event.data.userId, event.data.role),
      };
    case 'ProjectInviteDeclined':
    case 'ProjectInviteCancelled':
      return { ...state, invites: withMap(state.invites, event.data.inviteId, undefined) };
    case 'ProjectMemberRoleChanged':
      return { ...state, members: withMap(state.members, event.data.userId, event.data.role) };
    case 'ProjectMemberRemoved':
      return { ...state, members: withMap(state.members, event.data.userId, undefined) };
    default:
      return state;
  }
};

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    if (event.type === 'ProjectCreated') {
      const { projectId, slug: _slug, createdBy, createdAt: _at, ...details } = event.data;
      return {
        status: 'active',
        projectId,
        details,
        photo: null,
        members: new Map(createdBy === null ? [] : [[createdBy, 'administrator']]),
        invites: new Map(),
        followers: new Set(),
        updates: new Map(),
        stations: new Set(),
      };
    }
    return state.status === 'active' ? evolveActive(state, event) : state;
  },
  decide(command, state, meta) {
    if (command.type === 'CreateProject') return create(command, state, meta);
    const project = active(state);
    switch (command.type) {
      case 'UpdateProject':
        return update(command, project, meta);
      case 'DeleteProject':
        return [{ type: 'ProjectDeleted', data: { projectId: project.projectId, deletedAt: meta.now } }];
      case 'ChangeProjectPhoto':
        return changePhoto(command, project, meta);
      case 'FollowProject':
        return project.followers.has(command.data.userId)
          ? []
          : [
              {
                type: 'ProjectFollowed',
                data: { projectId: project.projectId, userId: command.data.userId, followedAt: meta.now },
              },
            ];
      case 'UnfollowProject':
        return project.followers.has(command.data.userId)
          ? [
              {
                type: 'ProjectUnfollowed',
                data: { projectId: project.projectId, userId: command.data.userId, unfollowedAt: meta.now },
              },
            ]
          : [];
      case 'PostProjectUpdate':
        return postUpdate(command, project, meta);
      case 'EditProjectUpdate':
        return editUpdate(command, project, meta);
      case 'DeleteProjectUpdate':
        return deleteUpdate(command, project, meta);
      case 'AddProjectStation':
        return addStation(command, project, meta);
      case 'RemoveProjectStation':
        return removeStation(command, project, meta);
      case 'InviteProjectMember':
        return invite(command, project, meta);
      case 'AcceptProjectInvite':
        return acceptInvite(command, project, meta);
      case 'DeclineProjectInvite':
        return declineInvite(command, project, meta);
      case 'ChangeProjectMemberRole':
        return changeRole(command, project, meta);
      case 'RemoveProjectMember':
        return removeMember(command, project, meta);
    }
  },
};
