import { createLogger, PostgresEventStore, ProjectionRunner, type EventStore } from '@groundtruth/platform';
import { appendLorawanWebhookHistory } from '../../../../../test/support/lorawan-webhook-events.js';
import { appendProjectHistory } from '../../../../../test/support/project-events.js';
import { allEvents, expectIdempotent, expectIgnored, withData } from '../../../../../test/support/projection-checks.js';
import { createTestDatabase, type TestDatabase } from '../../../../../test/support/test-database.js';
import { lorawanWebhooksProjection as sut } from './lorawan-webhooks.projection.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  store = new PostgresEventStore(db.pool);
  // The projects first, as in the product; their events are not this projection's.
  await appendProjectHistory(store, { projects: 8, updates: 1 });
  await appendLorawanWebhookHistory(store, { projects: 8 });
  expect(await new ProjectionRunner(db.pool, store, sut, log, { batchSize: 5 }).runUntilIdle()).toBe('idle');
}, 60_000);
afterAll(() => db.drop());

const hash = (n: number) => n.toString(16).padStart(64, '0');
type Row = { project_id: string; mapping: unknown; time_path: string | null; owner_id: string; token_hash: string | null };

describe('LoRaWAN webhooks projection', () => {
  it('holds each configured webhook with its mapping, its owner and the hash of its current token', async () => {
    const rows = (
      await db.pool.query<Row>(
        'SELECT project_id, mapping, time_path, owner_id, token_hash FROM lorawan_webhooks ORDER BY project_id',
      )
    ).rows;
    const depth = { path: 'depth_in', sensor: 'wh.floodnet.depth' };
    const battery = { path: 'battery.v', sensor: 'wh.floodnet.battery' };
    expect(rows).toEqual([
      { project_id: '1', mapping: [depth], time_path: null, owner_id: '1', token_hash: hash(1) },
      // Configured again by another administrator, with a time path: the token stays (a new one is issued only when there is none).
      { project_id: '2', mapping: [depth, battery], time_path: 'time', owner_id: '102', token_hash: hash(2) },
      // Its token rotated.
      { project_id: '3', mapping: [depth], time_path: null, owner_id: '3', token_hash: hash(2003) },
      // 4 was removed.
      { project_id: '5', mapping: [depth], time_path: null, owner_id: '5', token_hash: hash(5) },
      { project_id: '6', mapping: [depth, battery], time_path: 'time', owner_id: '106', token_hash: hash(2006) },
      { project_id: '7', mapping: [depth], time_path: null, owner_id: '7', token_hash: hash(7) },
      // Removed, then configured afresh.
      { project_id: '8', mapping: [depth, battery], time_path: null, owner_id: '8', token_hash: hash(3008) },
    ]);
  });

  it('ignores a token issued for a webhook it does not hold', async () => {
    const issued = (await allEvents(store)).filter((e) => e.type === 'LorawanWebhookTokenIssued');
    // Project 4's webhook was removed; project 99 never had one.
    await expectIgnored(db.pool, sut, [
      withData(issued[0]!, { projectId: 4 }, 'lorawan-webhook-4'),
      withData(issued[0]!, { projectId: 99 }, 'lorawan-webhook-99'),
    ]);
  });

  it('changes nothing when an event comes twice or the log comes again', async () => {
    await expectIdempotent(db.pool, store, sut);
  });
});
