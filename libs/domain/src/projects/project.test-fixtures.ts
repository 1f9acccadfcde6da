import type { ProjectCreated } from './project.events.js';

/**
 * The project the decider tests start from: River Watch (id 12), created by user 7, with the
 * fields a test is about laid over it. Test-only; kept beside the tests that share it.
 */
export const projectCreated = (data: Partial<ProjectCreated['data']> = {}): ProjectCreated => ({
  type: 'ProjectCreated',
  data: {
    projectId: 12,
    slug: 'river-watch',
    name: 'River Watch',
    description: 'Water quality',
    goal: 'Open data',
    location: 'Hudson',
    tags: [],
    privacy: 1,
    showStations: true,
    showExactLocation: true,
    bounds: null,
    startTime: null,
    endTime: null,
    createdBy: 7,
    createdAt: '2026-04-01T00:00:00.000Z',
    ...data,
  },
});
