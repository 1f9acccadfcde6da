import { createLogger } from '../logging/logger.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { until } from '../../../../test/support/until.js';
import { event } from '../event-store/event-store.conformance.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { LogWatcher } from './log-watcher.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: PostgresEventStore;
beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  await store.append(`watch-${Date.now()}-0`, [event('Before')], 'no_stream');
});
afterAll(() => db.drop());

describe('LogWatcher', () => {
  it('wakes once at start, not while the log is still, and again as soon as an event is appended', async () => {
    let moves = 0;
    const watcher = new LogWatcher(store, () => moves++, log, { pollMs: 10 });
    watcher.start();
    try {
      await until(() => moves === 1);
      await new Promise((r) => setTimeout(r, 200)); // about twenty looks at an unmoving head
      expect(moves).toBe(1);
      await store.append(`watch-${Date.now()}-1`, [event('After')], 'no_stream');
      await until(() => moves === 2);
      await new Promise((r) => setTimeout(r, 100));
      expect(moves).toBe(2);
    } finally {
      await watcher.stop();
    }
  });

  it('keeps looking after the store fails, and stops promptly', async () => {
    let calls = 0;
    let moves = 0;
    const flaky = {
      headPosition: async () => {
        calls++;
        if (calls <= 2) throw new Error('connection lost');
        return store.headPosition();
      },
    };
    const watcher = new LogWatcher(flaky, () => moves++, log, { pollMs: 5, maxBackoffMs: 20 });
    watcher.start();
    await until(() => moves === 1);
    expect(calls).toBeGreaterThanOrEqual(3);
    const t0 = Date.now();
    await watcher.stop();
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
