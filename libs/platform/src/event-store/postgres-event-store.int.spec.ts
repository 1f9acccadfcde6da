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

describe('Postgres event store horizon: only appends hold readers back', () => {
  const since = async (
    store: PostgresEventStore,
    from: Awaited<ReturnType<PostgresEventStore['headPosition']>>,
    prefix: string,
  ) => (await readEverything(store, from)).filter((e) => e.streamId.startsWith(prefix)).map((e) => e.type);

  /** A transaction held open with a transaction id, as pg_dump's repeatable read (or any writer) does. */
  const holdTransaction = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
    await c.query('SELECT pg_current_xact_id()'); // takes a transaction id: now in every snapshot's xip
    return { end: async () => (await c.query('COMMIT'), await c.end()) };
  };

  it('reads appends made after a long transaction that never appends, in this database', async () => {
    const store = new PostgresEventStore(db.pool);
    const start = await store.headPosition();
    const held = await holdTransaction(db.url);
    try {
      await store.append('lt-1', [event('WhileHeld')], 'no_stream');
      expect(await since(store, start, 'lt-')).toEqual(['WhileHeld']);
    } finally {
      await held.end();
      await store.close();
    }
  });

  it('reads appends made after a long transaction in another database of the same server', async () => {
    const other = await createTestDatabase({ migrate: false });
    const store = new PostgresEventStore(db.pool);
    const start = await store.headPosition();
    const held = await holdTransaction(other.url);
    try {
      await store.append('od-1', [event('WhileHeldElsewhere')], 'no_stream');
      expect(await since(store, start, 'od-')).toEqual(['WhileHeldElsewhere']);
    } finally {
      await held.end();
      await store.close();
      await other.drop();
    }
  });

  it('holds readers back behind an open append, then delivers it and everything after, in order', async () => {
    // The control for the two tests above: the same open transaction, but one that appends.
    const store = new PostgresEventStore(db.pool);
    const start = await store.headPosition();
    const appender = new pg.Client({ connectionString: db.url });
    await appender.connect();
    try {
      await appender.query('BEGIN');
      await appender.query(
        `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ('la-0', 0, gen_random_uuid(), 'Long', '{}', '{}')`,
      );
      await store.append('la-1', [event('AfterLong1')], 'no_stream');
      await store.append('la-2', [event('AfterLong2')], 'no_stream');
      expect(await since(store, start, 'la-')).toEqual([]);
      const heldHead = await store.headPosition();
      await appender.query('COMMIT');
      expect(await since(store, start, 'la-')).toEqual(['Long', 'AfterLong1', 'AfterLong2']);
      // A checkpoint taken while the append was open still leads to all three.
      expect(await since(store, heldHead, 'la-')).toEqual(['Long', 'AfterLong1', 'AfterLong2']);
    } finally {
      await appender.end();
      await store.close();
    }
  });

  it('holds an event committed behind an open append, beyond the readable head', async () => {
    const store = new PostgresEventStore(db.pool);
    const appender = new pg.Client({ connectionString: db.url });
    await appender.connect();
    try {
      await appender.query('BEGIN');
      await appender.query(
        `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ('ho-0', 0, gen_random_uuid(), 'Long', '{}', '{}')`,
      );
      const behind = await store.append('ho-1', [event('Behind')], 'no_stream');
      const head = await store.headPosition();
      expect(head === null || head.commit < behind.position.commit).toBe(true);
      expect(await store.holds(behind.position)).toBe(true);
      expect(await store.holds({ ...behind.position, prepare: behind.position.prepare + 1_000_000n })).toBe(false);
      await appender.query('COMMIT');
    } finally {
      await appender.end();
      await store.close();
    }
  });

  it('refuses an append that comes after another write in its transaction, unless it announced itself first', async () => {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    const insert = (stream: string) =>
      c.query(
        `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, gen_random_uuid(), 'Late', '{}', '{}')`,
        [stream],
      );
    try {
      await c.query('BEGIN');
      await c.query(`INSERT INTO gt_app_meta (key, value) VALUES ('horizon-test-1', '1')`);
      await expect(insert('wf-1')).rejects.toMatchObject({ code: 'GT001' });
      await c.query('ROLLBACK');

      await c.query('BEGIN');
      await c.query('SELECT gt_announce_append()');
      await c.query(`INSERT INTO gt_app_meta (key, value) VALUES ('horizon-test-2', '1')`);
      await insert('wf-2');
      await c.query('COMMIT');
      expect((await new PostgresEventStore(db.pool).readStream('wf-2')).map((e) => e.type)).toEqual(['Late']);
    } finally {
      await c.end();
    }
  });

  it('skips no event and keeps order while appends of varying length commit out of order under a long transaction', async () => {
    const store = new PostgresEventStore(db.pool);
    const start = await store.headPosition();
    const held = await holdTransaction(db.url);
    const writers = Array.from({ length: 6 }, () => new pg.Client({ connectionString: db.url }));
    await Promise.all(writers.map((w) => w.connect()));
    const seen: string[] = [];
    const abort = new AbortController();
    const follow = (async () => {
      for await (const e of store.subscribeAll(start, abort.signal)) if (e.streamId.startsWith('ow-')) seen.push(e.streamId);
    })();
    const written: string[] = [];
    try {
      await Promise.all(
        writers.map(async (w, wi) => {
          for (let i = 0; i < 15; i++) {
            const stream = `ow-${wi}-${i}`;
            await w.query('BEGIN');
            await w.query(
              `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, gen_random_uuid(), 'W', '{}', '{}')`,
              [stream],
            );
            await w.query(`SELECT pg_sleep(${(Math.random() * 0.02).toFixed(3)})`); // commits land out of sequence order
            await w.query('COMMIT');
            written.push(stream);
          }
        }),
      );
      const deadline = Date.now() + 10_000;
      while (seen.length < written.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect([...seen].sort()).toEqual([...written].sort());
      expect(new Set(seen).size).toBe(seen.length);
      const all = (await readEverything(store, start)).filter((e) => e.streamId.startsWith('ow-'));
      expect(seen).toEqual(all.map((e) => e.streamId)); // delivered in the log's one order
    } finally {
      abort.abort();
      await follow;
      await Promise.all(writers.map((w) => w.end()));
      await held.end();
      await store.close();
    }
  });
});
