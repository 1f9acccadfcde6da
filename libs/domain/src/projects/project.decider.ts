import { DomainError } from '../kernel/domain-error.js';
import type { Decider } from '../kernel/decider.js';
import type { CommandMetadata } from '../kernel/messages.js';
import type { ProjectCommand, CreateProject, UpdateProject } from './project.commands.js';
import type { ProjectDetails, ProjectEvent } from './project.events.js';
import { assertValidProject, slugify } from './project.rules.js';

export type ProjectState =
  { readonly status: 'absent' } | { readonly status: 'active'; readonly projectId: number; readonly details: ProjectDetails };

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

const update = (command: UpdateProject, state: ProjectState, meta: CommandMetadata): ProjectEvent[] => {
  if (state.status === 'absent') throw new DomainError('not_found', 'PROJECT.NOT_FOUND', 'This project does not exist.');
  const requested = trimmed(command.data.changes);
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(requested) as [keyof ProjectDetails, unknown][]) {
    if (value !== undefined && JSON.stringify(value) !== JSON.stringify(state.details[key])) changes[key] = value;
  }
  assertValidProject({ ...state.details, ...(changes as Partial<ProjectDetails>) });
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'ProjectUpdated', data: { projectId: state.projectId, changes, updatedAt: meta.now } }];
};

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  initialState: { status: 'absent' },
  evolve(state, event) {
    switch (event.type) {
      case 'ProjectCreated': {
        const { projectId, slug: _slug, createdBy: _by, createdAt: _at, ...details } = event.data;
        return { status: 'active', projectId, details };
      }
      case 'ProjectUpdated':
        return state.status === 'active' ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
      default:
        return state;
    }
  },
  decide(command, state, meta) {
    switch (command.type) {
      case 'CreateProject':
        return create(command, state, meta);
      case 'UpdateProject':
        return update(command, state, meta);
    }
  },
};
