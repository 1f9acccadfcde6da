import type { Command } from '../kernel/messages.js';
import type { ProjectDetails } from './project.events.js';

export type CreateProject = Command<
  'CreateProject',
  Omit<ProjectDetails, 'tags' | 'privacy' | 'showStations' | 'bounds' | 'startTime' | 'endTime'> &
    Partial<ProjectDetails> & { readonly projectId: number; readonly slug?: string }
>;

export type UpdateProject = Command<'UpdateProject', { readonly projectId: number; readonly changes: Partial<ProjectDetails> }>;

export type ProjectCommand = CreateProject | UpdateProject;
