import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../../../test/support/test-database.js';
import { describeEventStoreConformance, event, readEverything } from './event-store.conformance.js';
import { PostgresEventStore } from './postgres-event-store.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase({ max: 20 });
});
afterAll(() => db.drop());

describeEventStoreConformance('Postgres', () => ({
  prefix: `t${Date.now()}-`,
  open: async (upcasters) => new PostgresEventStore(db.pool, upcasters),
}));

describe('Postgres event store with transactions that commit out of order', () => {
  it('does not deliver a later commit before an earlier transaction finishes, and skips neither', async () => {
    const store = new PostgresEventStore(db.pool);
    const start = await store.headPosition();
    const first = new pg.Client({ connectionString: db.url });
    const second = new pg.Client({ connectionString: db.url });
    await Promise.all([first.connect(), second.connect()]);
    const insert = (c: pg.Client, stream: string, type: string) =>
      c.query(
        `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, gen_random_uuid(), $2, '{}', '{"correlationId":"c","causationId":"c","userId":null,"occurredAt":"2026-01-01T00:00:00Z"}')`,
        [stream, type],
      );
    try {
      await first.query('BEGIN');
      await insert(first, 'ooo-1', 'Early'); // takes the lower sequence number
      await second.query('BEGIN');
      await insert(second, 'ooo-2', 'Late');
      await second.query('COMMIT'); // commits first, with the higher number

      const whileOpen = (await readEverything(store, start)).filter((e) => e.streamId.startsWith('ooo-'));
      expect(whileOpen).toEqual([]); // 'Late' must wait: reading it now would let a checkpoint pass 'Early'

      await first.query('COMMIT');
      const after = (await readEverything(store, start)).filter((e) => e.streamId.startsWith('ooo-'));
      expect(after.map((e) => e.type)).toEqual(['Early', 'Late']);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it('keeps a checkpoint taken mid-way valid: resuming from it still yields the late commit', async () => {
    const store = new PostgresEventStore(db.pool);
    const holder = new pg.Client({ connectionString: db.url });
    await holder.connect();
    try {
      await store.append('mid-0', [event('Before')], 'no_stream');
      await holder.query('BEGIN');
      await holder.query(
        `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ('mid-1', 0, gen_random_uuid(), 'Held', '{}', '{}')`,
      );
      await store.append('mid-2', [event('After')], 'no_stream');
      const checkpoint = await store.headPosition();
      await holder.query('COMMIT');
      const resumed = (await readEverything(store, checkpoint)).filter((e) => e.streamId.startsWith('mid-'));
      expect(resumed.map((e) => e.type)).toEqual(['Held', 'After']);
    } finally {
      await holder.end();
    }
  });
});

describe('Postgres event store group commit', () => {
  it('fails only the bad append of a group that travelled together', async () => {
    const store = new PostgresEventStore(db.pool);
    try {
      const results = await Promise.allSettled(
        // A NUL character cannot be stored in a text column: that append alone must fail.
        Array.from({ length: 6 }, (_, i) => store.append(`iso-${i}`, [event(i === 3 ? 'Bad\u0000Type' : 'Good')], 'no_stream')),
      );
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
      expect(await store.readStream('iso-3')).toEqual([]);
      expect((await store.readStream('iso-5')).map((e) => e.type)).toEqual(['Good']);
    } finally {
      await store.close();
    }
  });
});
