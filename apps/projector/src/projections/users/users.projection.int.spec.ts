import {
  createLogger,
  decideAndAppend,
  personalSubject,
  PostgresEventStore,
  ProjectionRunner,
  rebuildProjection,
  SealingEventStore,
  SubjectKeyStore,
  type EventStore,
} from '@groundtruth/platform';
import { DELETED_USER_NAME, userDecider, userStream, type UserCommand } from '@groundtruth/domain';
import { appendAccountHistory } from '../../../../../test/support/account-events.js';
import { allEvents, expectIdempotent, expectIgnored, withData } from '../../../../../test/support/projection-checks.js';
import { readModelSnapshot } from '../../../../../test/support/read-models.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import { usersProjection as sut } from './users.projection.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;
let keys: SubjectKeyStore;
let runner: ProjectionRunner;
let nameWhileItLived: string | undefined;

const asUser5 = (command: UserCommand) =>
  decideAndAppend(store, userDecider, userStream(5), command, {
    correlationId: 't',
    causationId: 't',
    userId: 5,
    now: '2026-06-01T00:00:00.000Z',
  });

beforeAll(async () => {
  db = await createTestDatabase();
  keys = new SubjectKeyStore(db.pool);
  store = new SealingEventStore(new PostgresEventStore(db.pool), keys);
  runner = new ProjectionRunner(db.pool, store, sut, log, { batchSize: 3 });
  await appendAccountHistory(store, keys, { users: 4 });
  // User 5 lives while the projection runs (so its name is projected), then is deleted and its key destroyed.
  await asUser5({
    type: 'RegisterUser',
    data: {
      userId: 5,
      name: 'Person 5',
      email: 'person-5@example.org',
      passwordHash: 'hash-5',
      tncAccept: true,
      via: 'password',
      emailValidated: true,
    },
  });
  expect(await runner.runUntilIdle()).toBe('idle');
  nameWhileItLived = (await db.pool.query<{ name: string }>('SELECT name FROM users WHERE id = 5')).rows[0]?.name;
  await asUser5({ type: 'DeleteUser', data: { userId: 5, proof: 'administrator' } });
  await keys.destroy(personalSubject(5));
  await appendAccountHistory(store, keys, { users: 1, firstId: 6 });
  expect(await runner.runUntilIdle()).toBe('idle');
}, 60_000);
afterAll(() => db.drop());

type Row = {
  id: string;
  email: string | null;
  name: string;
  bio: string;
  public_profile: boolean;
  email_validated: boolean;
  has_password: boolean;
  tnc_date: Date | null;
  admin: boolean;
  deleted: boolean;
};
const users = async () =>
  (
    await db.pool.query<Row>(
      'SELECT id, email, name, bio, public_profile, email_validated, has_password, tnc_date, admin, deleted FROM users ORDER BY id',
    )
  ).rows;

describe('users projection', () => {
  it('shows each account as its events left it, personal fields opened from the sealed events', async () => {
    const rows = await users();
    expect(rows.map((r) => r.id)).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(rows[0]).toEqual({
      id: '1',
      email: 'person-1@example.org',
      name: 'Person 1',
      bio: 'Bio of 1',
      public_profile: false,
      email_validated: true,
      has_password: true,
      tnc_date: expect.any(Date) as unknown,
      admin: false,
      deleted: false,
    });
    // Even users made their profile public; every third became an admin; every fourth had the terms cleared.
    expect(rows.map((r) => [r.id, r.public_profile, r.admin, r.tnc_date === null])).toEqual([
      ['1', false, false, false],
      ['2', true, false, false],
      ['3', false, true, false],
      ['4', true, false, true],
      ['5', false, false, false],
      ['6', true, true, false],
    ]);
  });

  it('erases a deleted account live just as a rebuild, whose key is gone, sees it', async () => {
    expect(nameWhileItLived).toBe('Person 5');
    const erased = {
      id: '5',
      email: null,
      name: DELETED_USER_NAME,
      bio: '',
      public_profile: false,
      email_validated: true,
      has_password: false,
      tnc_date: expect.any(Date) as unknown,
      admin: false,
      deleted: true,
    };
    expect((await users())[4]).toEqual(erased);
    const live = await readModelSnapshot(db.pool, sut);
    await rebuildProjection(db.pool, store, sut, log, { batchSize: 7 });
    expect(await readModelSnapshot(db.pool, sut)).toEqual(live);
    // Its email and name are nowhere in the table.
    expect(JSON.stringify(live)).not.toContain('person-5@');
    expect(JSON.stringify(live)).not.toContain('Person 5');
  });

  it('ignores the later events of an account it never saw registered', async () => {
    const later = (await allEvents(store)).filter((e) => e.streamId === 'user-3' && e.type !== 'UserRegistered');
    expect(later.length).toBeGreaterThan(1);
    await expectIgnored(
      db.pool,
      sut,
      later.map((e) => withData(e, { userId: 99 }, 'user-99')),
    );
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(db.pool, store, sut);
  });
});
