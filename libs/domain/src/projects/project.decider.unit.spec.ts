import { specFor, testMetadata } from '../testing/index.js';
import type { CreateProject } from './project.commands.js';
import { projectDecider } from './project.decider.js';
import { projectCreated } from './project.test-fixtures.js';

const sut = specFor(projectDecider);
const meta = testMetadata({ userId: 7, now: '2026-05-01T10:00:00.000Z' });

const created = projectCreated({ tags: ['water'] });

/** A minimal valid CreateProject, with the fields a test is about laid over it. */
const createWith = (data: Partial<CreateProject['data']> = {}): CreateProject => ({
  type: 'CreateProject',
  data: { projectId: 1, name: 'n', description: 'd', goal: 'g', location: 'l', ...data },
});

describe('project decider', () => {
  it('creates a project with defaults, trimmed text and a slug from the name', () => {
    sut
      .given([])
      .when(
        {
          type: 'CreateProject',
          data: {
            projectId: 12,
            name: '  River Watch ',
            description: 'Water quality',
            goal: 'Open data',
            location: 'Hudson',
            tags: ['water', ' '],
          },
        },
        meta,
      )
      .then([{ ...created, data: { ...created.data, createdAt: meta.now } }]);
  });

  it('refuses missing and over-long fields, listing each', () => {
    sut
      .given([])
      .when(
        { type: 'CreateProject', data: { projectId: 1, name: ' ', description: 'x'.repeat(101), goal: 'g', location: '' } },
        meta,
      )
      .thenThrows({
        kind: 'validation',
        code: 'PROJECT.INVALID',
        fieldErrors: {
          name: 'This field is required.',
          description: 'This field has a limit of 100 characters',
          location: 'This field is required.',
        },
      });
  });

  it('refuses an end date before the start date', () => {
    sut
      .given([])
      .when(createWith({ startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' }), meta)
      .thenThrows({ fieldErrors: { endTime: 'The end date cannot be before the start date.' } });
  });

  it('refuses tags whose JSON form is over 100 characters, and inverted bounds', () => {
    sut
      .given([])
      .when(createWith({ tags: ['x'.repeat(60), 'y'.repeat(60)], bounds: { min: [10, 10], max: [0, 0] } }), meta)
      .thenThrows({ fieldErrors: { tags: 'This field has a limit of 100 characters', bounds: expect.any(String) } });
  });

  it('refuses to create a project twice', () => {
    sut
      .given([created])
      .when(createWith({ projectId: 12 }), meta)
      .thenThrows({ kind: 'conflict' });
  });

  it('records only the fields that change', () => {
    sut
      .given([created])
      .when(
        { type: 'UpdateProject', data: { projectId: 12, changes: { name: 'River Watch', goal: 'Better data', privacy: 0 } } },
        meta,
      )
      .then([
        { type: 'ProjectUpdated', data: { projectId: 12, changes: { goal: 'Better data', privacy: 0 }, updatedAt: meta.now } },
      ]);
  });

  it('decides nothing when nothing changes', () => {
    sut
      .given([created])
      .when({ type: 'UpdateProject', data: { projectId: 12, changes: { name: 'River Watch' } } }, meta)
      .then([]);
  });

  it('validates an update against the whole resulting project', () => {
    sut
      .given([{ ...created, data: { ...created.data, startTime: '2026-03-01T00:00:00.000Z' } }])
      .when({ type: 'UpdateProject', data: { projectId: 12, changes: { endTime: '2026-02-01T00:00:00.000Z' } } }, meta)
      .thenThrows({ kind: 'validation', fieldErrors: { endTime: 'The end date cannot be before the start date.' } });
  });

  it('refuses to update a project that does not exist', () => {
    sut
      .given([])
      .when({ type: 'UpdateProject', data: { projectId: 3, changes: { name: 'x' } } }, meta)
      .thenThrows({ kind: 'not_found', code: 'PROJECT.NOT_FOUND' });
  });
});
