import {
  createLogger,
  PostgresEventStore,
  SealingEventStore,
  SubjectKeyStore,
  type EventStore,
  ProjectionRunner,
  readCheckpoints,
  rebuildProjection,
  type Projection,
} from '@groundtruth/platform';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { appendAccountHistory } from '../../../../test/support/account-events.js';
import { appendDiscussionHistory } from '../../../../test/support/discussion-events.js';
import { appendIngestionHistory } from '../../../../test/support/ingestion-events.js';
import { appendLorawanWebhookHistory } from '../../../../test/support/lorawan-webhook-events.js';
import { appendNoteHistory } from '../../../../test/support/note-events.js';
import { appendProjectHistory, appendProjectTeamHistory, tableSnapshot } from '../../../../test/support/project-events.js';
import { appendStationHistory } from '../../../../test/support/station-events.js';
import { lastEventPosition } from '../../../../test/support/read-models.js';
import { projections, projectsProjection } from './index.js';

const log = createLogger('silent');
let db: TestDatabase;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase();
  // As in the product: personal data sealed on append, opened (or erased) on read.
  const keys = new SubjectKeyStore(db.pool);
  store = new SealingEventStore(new PostgresEventStore(db.pool), keys);
  await appendProjectHistory(store, { projects: 60, updates: 3 });
  await appendProjectTeamHistory(store, keys, { projects: 21 });
  // Owners 1..40 are the accounts below; every fifth is deleted, taking its stations' attributes along.
  await appendStationHistory(store, { stations: 30, owners: 40 });
  await appendAccountHistory(store, keys, { users: 40 });
  await appendNoteHistory(store, { stations: 12 });
  await appendIngestionHistory(store, { stations: 12 });
  await appendLorawanWebhookHistory(store, { projects: 16 });
  // Projects of its own, far from the ids above.
  await appendDiscussionHistory(store, { projects: 4, firstProject: 5_000_000, firstPost: 10_000_000 });
}, 60_000); // a long history; on a busy machine it takes more than jest's default 5 s
afterAll(() => db.drop());

describe.each(projections.map((p) => [p.name, p] as const))('projection %s', (_name, projection) => {
  it('comes out identical when rebuilt from the log as when built live', async () => {
    const live = new ProjectionRunner(db.pool, store, projection, log, { batchSize: 37 });
    expect(await live.runUntilIdle()).toBe('idle');
    // Ordered by the whole row, so tables without an `id` column compare too.
    const snapshot = () => Promise.all(projection.tables.map((t) => tableSnapshot(db.pool, t.name, `${t.name}::text`)));
    const before = await snapshot();
    expect(before[0]!.length).toBeGreaterThan(0);

    const result = await rebuildProjection(db.pool, store, projection, log, { batchSize: 50 });
    expect(result.handled).toBeGreaterThan(0);
    const after = await snapshot();
    expect(after).toEqual(before);
    const [checkpoint] = (await readCheckpoints(db.pool)).filter((c) => c.name === projection.name);
    expect(checkpoint?.position).toEqual(await lastEventPosition(db.pool));
  });
});

describe('projection runner', () => {
  it('keeps the read model on a restart with the same code, and rebuilds it when its tables changed shape', async () => {
    const oid = async () => (await db.pool.query<{ oid: number }>(`SELECT 'projects'::regclass::oid AS oid`)).rows[0]!.oid;
    const first = new ProjectionRunner(db.pool, store, projectsProjection, log);
    await first.start();
    await first.stop();
    const before = await oid();
    const again = new ProjectionRunner(db.pool, store, projectsProjection, log);
    await again.start();
    await again.stop();
    expect(await oid()).toBe(before);

    // The next release adds a column: the runner rebuilds into the new shape instead of failing on the old one.
    const reshaped: Projection = {
      ...projectsProjection,
      tables: projectsProjection.tables.map((table) =>
        table.name === 'projects'
          ? {
              name: table.name,
              create: (t) =>
                table.create(t).replace('slug text NOT NULL,', "slug text NOT NULL, motto text NOT NULL DEFAULT 'new',"),
            }
          : table,
      ),
    };
    const upgraded = new ProjectionRunner(db.pool, store, reshaped, log);
    await upgraded.start();
    await upgraded.stop();
    expect(await oid()).not.toBe(before);
    const rows = await db.pool.query<{ n: number; motto: string }>(
      'SELECT count(*)::int AS n, min(motto) AS motto FROM projects',
    );
    expect(rows.rows[0]).toMatchObject({ n: expect.any(Number), motto: 'new' });
    expect(rows.rows[0]!.n).toBeGreaterThan(0);

    // And back to today's shape, so the other tests see the real table.
    const restored = new ProjectionRunner(db.pool, store, projectsProjection, log);
    await restored.start();
    await restored.stop();
    expect(
      (await db.pool.query("SELECT 1 FROM information_schema.columns WHERE table_name = 'projects' AND column_name = 'motto'"))
        .rowCount,
    ).toBe(0);
  });

  it('keeps following after a rebuild swapped the tables in', async () => {
    const runner = new ProjectionRunner(db.pool, store, projectsProjection, log);
    await runner.runUntilIdle();
    await rebuildProjection(db.pool, store, projectsProjection, log);
    await appendProjectHistory(store, { projects: 2, updates: 1, firstId: 1000 });
    await runner.runUntilIdle();
    const rows = await db.pool.query('SELECT goal FROM projects WHERE id IN (1000, 1001) ORDER BY id');
    expect(rows.rows).toEqual([{ goal: 'goal 0' }, { goal: 'goal 0' }]);
  });

  it('stops at a failing event, keeps what came before, shows it in status, and never skips it', async () => {
    const seen: string[] = [];
    const poison: Projection = {
      name: 'poison_test',
      handles: ['ProjectCreated'],
      tables: [{ name: 'poison_rows', create: (t) => `CREATE TABLE ${t} (id bigint PRIMARY KEY)` }],
      async apply(events, { client, table }) {
        for (const e of events) {
          const id = (e.data as { projectId: number }).projectId;
          if (id === 2001) throw new Error('cannot handle project 2001');
          seen.push(String(id));
          await client.query(`INSERT INTO ${table('poison_rows')} (id) VALUES ($1) ON CONFLICT DO NOTHING`, [id]);
        }
      },
    };
    await appendProjectHistory(store, { projects: 3, updates: 0, firstId: 2000, concurrency: 1 });
    const runner = new ProjectionRunner(db.pool, store, poison, log, { batchSize: 10_000 });
    expect(await runner.runUntilIdle()).toBe('failed');
    const [status] = (await readCheckpoints(db.pool)).filter((c) => c.name === 'poison_test');
    expect(status).toMatchObject({ state: 'failed', error: expect.stringContaining('cannot handle project 2001') });
    const rows = await db.pool.query<{ id: string }>('SELECT id FROM poison_rows ORDER BY id');
    expect(rows.rows.map((r) => r.id)).toContain('2000');
    expect(rows.rows.map((r) => r.id)).not.toContain('2002');
    // Still failed on the next batch: the event is not skipped.
    expect(await runner.step()).toBe('failed');
  });

  it('lets only one runner hold a projection at a time and ends with each event applied once', async () => {
    const counted: Projection = {
      name: 'count_test',
      handles: ['ProjectUpdated'],
      tables: [{ name: 'count_rows', create: (t) => `CREATE TABLE ${t} (event_id uuid PRIMARY KEY, n int NOT NULL)` }],
      async apply(events, { client, table }) {
        for (const e of events) {
          // Not idempotent on purpose: a double delivery would raise n above 1.
          await client.query(
            `INSERT INTO ${table('count_rows')} (event_id, n) VALUES ($1, 1) ON CONFLICT (event_id) DO UPDATE SET n = ${table('count_rows')}.n + 1`,
            [e.metadata.eventId],
          );
        }
      },
    };
    const a = new ProjectionRunner(db.pool, store, counted, log, { batchSize: 7 });
    const b = new ProjectionRunner(db.pool, store, counted, log, { batchSize: 5 });
    await a.runUntilIdle(); // creates the table and checkpoint row
    await appendProjectHistory(store, { projects: 10, updates: 4, firstId: 3000 });
    await Promise.all([a.runUntilIdle(), b.runUntilIdle()]);
    const r = await db.pool.query<{ max: number; count: string }>('SELECT max(n) AS max, count(*) AS count FROM count_rows');
    expect(r.rows[0]!.max).toBe(1);
    const updates = await db.pool.query<{ n: string }>(`SELECT count(*) AS n FROM gt_events WHERE type = 'ProjectUpdated'`);
    expect(r.rows[0]!.count).toBe(updates.rows[0]!.n);
  });
});
