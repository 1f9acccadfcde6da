import {
  createLogger,
  PostgresEventStore,
  ProjectionRunner,
  SealingEventStore,
  SubjectKeyStore,
  type EventStore,
} from '@groundtruth/platform';
import { appendAccountHistory } from '../../../../../test/support/account-events.js';
import { allEvents, expectIdempotent, expectIgnored, withData } from '../../../../../test/support/projection-checks.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import { sessionsProjection as sut } from './sessions.projection.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  const keys = new SubjectKeyStore(db.pool);
  store = new SealingEventStore(new PostgresEventStore(db.pool), keys);
  await appendAccountHistory(store, keys, { users: 6 });
  expect(await new ProjectionRunner(db.pool, store, sut, log, { batchSize: 4 }).runUntilIdle()).toBe('idle');
}, 60_000);
afterAll(() => db.drop());

type Row = {
  user_id: string;
  revision: string;
  method: string;
  ended_reason: string | null;
  expires_at: Date;
  started_at: Date;
  updated_at: Date;
};

describe('sessions projection', () => {
  it('holds one row per session, refreshed, and ended when revoked', async () => {
    const rows = (
      await db.pool.query<Row>(
        'SELECT user_id, revision, method, ended_reason, expires_at, started_at, updated_at FROM sessions ORDER BY user_id',
      )
    ).rows;
    // Each user signed in once and refreshed once; even users then logged out.
    expect(rows.map((r) => [r.user_id, r.revision, r.method, r.ended_reason])).toEqual([
      ['1', '1', 'password', null],
      ['2', '2', 'password', 'logout'],
      ['3', '1', 'password', null],
      ['4', '2', 'password', 'logout'],
      ['5', '1', 'password', null],
      ['6', '2', 'password', 'logout'],
    ]);
    for (const r of rows) {
      // The refresh moved the expiry on: 30 days from the refresh, not from the start.
      expect(r.expires_at.getTime() - r.started_at.getTime()).toBeGreaterThan(30 * 86_400_000);
      expect(r.updated_at.getTime()).toBeGreaterThan(r.started_at.getTime());
    }
  });

  it('ignores a refresh or a revocation of a session it never saw start', async () => {
    const later = (await allEvents(store)).filter((e) => e.type === 'SessionRefreshed' || e.type === 'SessionRevoked');
    expect(new Set(later.map((e) => e.type)).size).toBe(2);
    await expectIgnored(
      db.pool,
      sut,
      later.map((e) => withData(e, { sessionId: 'never-started' }, 'session-never-started')),
    );
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(db.pool, store, sut);
  });
});
