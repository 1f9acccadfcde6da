import type { DomainEvent } from '../kernel/messages.js';

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
  readonly bounds: ProjectBounds | null;
  readonly startTime: string | null;
  readonly endTime: string | null;
};

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

export type ProjectEvent = ProjectCreated | ProjectUpdated;

export const projectEventTypes = ['ProjectCreated', 'ProjectUpdated'] as const satisfies readonly ProjectEvent['type'][];

export const projectStream = (projectId: number): string => `project-${projectId}`;
