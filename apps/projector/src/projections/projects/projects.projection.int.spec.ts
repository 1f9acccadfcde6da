import {
  createLogger,
  PostgresEventStore,
  ProjectionRunner,
  SealingEventStore,
  SubjectKeyStore,
  type EventStore,
} from '@groundtruth/platform';
import { appendProjectHistory, appendProjectTeamHistory } from '../../../../../test/support/project-events.js';
import { allEvents, expectIdempotent, expectIgnored, withData } from '../../../../../test/support/projection-checks.js';
import { appendStationHistory } from '../../../../../test/support/station-events.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import { projectsProjection as sut } from './projects.projection.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  // As in the product: invitees' addresses sealed on append, erased once the invitation is answered.
  const keys = new SubjectKeyStore(db.pool);
  store = new SealingEventStore(new PostgresEventStore(db.pool), keys);
  await appendProjectHistory(store, { projects: 8, updates: 2 });
  await appendProjectTeamHistory(store, keys, { projects: 8 });
  // Events of other streams: not this projection's.
  await appendStationHistory(store, { stations: 2, owners: 2 });
  expect(await new ProjectionRunner(db.pool, store, sut, log, { batchSize: 11 }).runUntilIdle()).toBe('idle');
}, 60_000);
afterAll(() => db.drop());

const rows = async <R>(sql: string) => (await db.pool.query(sql)).rows as R[];

describe('projects projection', () => {
  it('holds each project as its last update and photo left it', async () => {
    const projects = await rows<{
      id: string;
      revision: string;
      name: string;
      goal: string;
      tags: string[];
      photo: string | null;
    }>('SELECT id, revision, name, goal, tags, photo FROM projects ORDER BY id');
    // Project 7 was deleted.
    expect(projects.map((p) => p.id)).toEqual(['1', '2', '3', '4', '5', '6', '8']);
    expect(projects[0]).toMatchObject({ name: 'Project 1', goal: 'goal 1', tags: ['t1'] });
    expect(projects.every((p) => p.photo?.startsWith(`projects/${p.id}/`))).toBe(true);
  });

  it('keeps follows, updates and stations as they were left', async () => {
    // Even projects' second follower unfollowed.
    expect(await rows('SELECT project_id, user_id FROM project_follows WHERE project_id IN (1, 2) ORDER BY 1, 2')).toEqual([
      { project_id: '1', user_id: '1001' },
      { project_id: '1', user_id: '1002' },
      { project_id: '2', user_id: '1002' },
    ]);
    // Update 20 edited, 21 deleted.
    expect(await rows('SELECT id, author_id, body FROM project_updates WHERE project_id = 2')).toEqual([
      { id: '20', author_id: '500', body: 'Edited 2' },
    ]);
    // Station 3 added, station 4 added and removed.
    expect(await rows('SELECT station_id FROM project_stations WHERE project_id = 3')).toEqual([{ station_id: '3' }]);
  });

  it('keeps members with their roles, and only pending invitations, with no address of an answered one', async () => {
    expect(await rows('SELECT project_id, user_id, role FROM project_members WHERE project_id IN (2, 3) ORDER BY 1, 2')).toEqual([
      // Accepted as a member, then made an administrator.
      { project_id: '2', user_id: '1002', role: 'administrator' },
      // Project 3: a second administrator came (accepting the pending invitation), the first was removed.
      { project_id: '3', user_id: '3003', role: 'administrator' },
    ]);
    const invites = await rows<{ project_id: string; email: string }>(
      'SELECT project_id, email FROM project_invites ORDER BY id',
    );
    expect(invites).toEqual(['1', '2', '4', '5', '8'].map((id) => ({ project_id: id, email: `later-${id}@example.org` })));
  });

  it('keeps nothing of a deleted project in any table', async () => {
    for (const t of sut.tables) {
      const column = t.name === 'projects' ? 'id' : 'project_id';
      expect({ [t.name]: (await db.pool.query(`SELECT 1 FROM ${t.name} WHERE ${column} = 7`)).rowCount }).toEqual({
        [t.name]: 0,
      });
    }
  });

  it('ignores changes to a project it never saw created', async () => {
    const later = (await allEvents(store)).filter(
      (e) => e.streamId === 'project-2' && (e.type === 'ProjectUpdated' || e.type === 'ProjectPhotoChanged'),
    );
    expect(new Set(later.map((e) => e.type)).size).toBe(2);
    await expectIgnored(
      db.pool,
      sut,
      later.map((e) => withData(e, { projectId: 99 }, 'project-99')),
    );
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(db.pool, store, sut);
  });
});
