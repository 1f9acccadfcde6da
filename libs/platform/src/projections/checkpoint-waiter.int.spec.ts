import { createLogger } from '../logging/logger.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { until } from '../../../../test/support/until.js';
import { CheckpointWaiter } from './checkpoint-waiter.js';
import { registerCheckpoint, saveCheckpoint } from './checkpoints.js';

let db: TestDatabase;
let sut: CheckpointWaiter;
let position = 0n;

/** One projection's checkpoint moved on, committed (so its notice is sent), and heard. */
const save = async (name: string, options?: { wrote?: boolean; rebuilt?: boolean }) => {
  const heard = sut.version();
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    position++;
    await saveCheckpoint(client, name, { commit: position, prepare: position }, options);
    await client.query('COMMIT');
  } finally {
    client.release();
  }
  await until(() => sut.version() !== heard);
};

beforeAll(async () => {
  db = await createTestDatabase();
  await registerCheckpoint(db.pool, 'stations', ['StationUpdated']);
  await registerCheckpoint(db.pool, 'activity', ['StationUpdated']);
  sut = new CheckpointWaiter(db.pool, db.url, createLogger('silent'));
  await sut.start();
});
afterAll(async () => {
  await sut.close();
  await db.drop();
});

describe('CheckpointWaiter.versionOf', () => {
  it('moves on the named projections’ writes only, while version() moves on every notice', async () => {
    const stations = sut.versionOf(['stations']);
    await save('activity');
    expect(sut.versionOf(['stations'])).toBe(stations);
    expect(sut.versionOf(['activity'])).not.toBe(stations);

    // A batch of events the projection does not handle: its notice says it wrote nothing.
    await save('stations', { wrote: false });
    expect(sut.versionOf(['stations'])).toBe(stations);

    await save('stations');
    expect(sut.versionOf(['stations'])).not.toBe(stations);
  });

  it('moves every projection’s on a rebuild’s swap (rebuilt rows may differ at the same revisions)', async () => {
    const stations = sut.versionOf(['stations']);
    await save('activity', { rebuilt: true });
    expect(sut.versionOf(['stations'])).not.toBe(stations);
  });
});
