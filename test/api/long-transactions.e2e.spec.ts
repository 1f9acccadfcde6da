import pg from 'pg';
import { callApi, outboxOf, signUp, type TestUser } from '../support/accounts.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 17: a long transaction elsewhere on the Postgres server (a backup's repeatable read, a
 * report, another database) must not freeze the event feed; only an open append may hold readers
 * back, and then commands say they were done (202) instead of denying it, and the status says why.
 */
let sut: TestApp;
let other: TestDatabase;
let owner: TestUser;
beforeAll(async () => {
  sut = await startTestApp();
  other = await createTestDatabase({ migrate: false });
  owner = await signUp(sut, outboxOf(sut.dataDir), { name: 'Owner' });
});
afterAll(async () => {
  await sut.close();
  await other.drop();
});

const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  callApi(sut.url, method, path, { body, token: owner.token, ...(headers ? { headers } : {}) });

const project = { description: 'While a backup runs', goal: 'Open data', location: 'New York', tags: ['water'] };

/** A transaction held open with a transaction id, as pg_dump's repeatable read does (it also writes nothing to the log). */
const holdTransaction = async (url: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
  await c.query('SELECT pg_current_xact_id()');
  await c.query('SELECT count(*) FROM pg_class'); // and reads, like a backup
  return { end: async () => (await c.query('COMMIT'), await c.end()) };
};

const timed = async <T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> => {
  const started = performance.now();
  const value = await f();
  return { value, ms: performance.now() - started };
};

describe('commands while long transactions are open elsewhere on the server', () => {
  it('answers every command within the usual time for 30 s, and the next GET shows each change', async () => {
    const here = await holdTransaction(sut.db.url);
    const elsewhere = await holdTransaction(other.url);
    const slowest: number[] = [];
    try {
      const until = Date.now() + 30_000;
      for (let round = 0; Date.now() < until; round++) {
        const created = await timed(() => call('POST', '/api/projects', { ...project, name: `Held ${round}` }));
        expect(created.value.status).toBe(200);
        const id = created.value.body!['id'] as number;
        expect((await call('GET', `/api/projects/${id}`)).body).toMatchObject({ id, name: `Held ${round}` });

        const update = await timed(() => call('POST', `/api/projects/${id}/updates`, { body: `Round ${round}` }));
        expect(update.value.status).toBe(200);
        const updates = await call('GET', `/api/projects/${id}/updates`);
        expect(JSON.stringify(updates.body)).toContain(`Round ${round}`);

        const followed = await timed(() => call('POST', `/api/projects/${id}/follow`));
        expect(followed.value).toMatchObject({ status: 200, body: { following: true, total: 1 } });
        slowest.push(Math.max(created.ms, update.ms, followed.ms));
        await new Promise((r) => setTimeout(r, 1_000));
      }
    } finally {
      await here.end();
      await elsewhere.end();
    }
    expect(slowest.length).toBeGreaterThanOrEqual(10);
    // The usual time is tens of milliseconds; the read-your-writes bound (2 s) would show as a stall.
    expect(Math.max(...slowest)).toBeLessThan(1_500);
  }, 90_000);

  it('lets an open append hold the feed back: a create answers 202 with its id, the status names the append, and the object shows once it ends', async () => {
    // The control for the test above: this transaction appends to the log, so readers must wait for it.
    const appender = new pg.Client({ connectionString: sut.db.url, application_name: 'held-append-test' });
    await appender.connect();
    await appender.query('BEGIN');
    await appender.query(
      `INSERT INTO gt_events (stream_id, revision, event_id, type, data, metadata)
       VALUES ('held-append-1', 0, gen_random_uuid(), 'TestHeldAppend', '{}', '{"correlationId":"c","causationId":"c","userId":null,"occurredAt":"2026-01-01T00:00:00Z"}')`,
    );
    let released = false;
    try {
      await new Promise((r) => setTimeout(r, 5_500));
      const status = await callApi(sut.url, 'GET', '/api/status');
      const projections = status.body!['projections'] as {
        name: string;
        heldBackBy: { openForSeconds: number; application: string | null }[];
      }[];
      expect(projections.length).toBeGreaterThan(0);
      for (const p of projections) {
        expect(p.heldBackBy).toEqual([expect.objectContaining({ application: 'held-append-test' })]);
        expect(p.heldBackBy[0]!.openForSeconds).toBeGreaterThanOrEqual(5);
      }

      const created = await call('POST', '/api/projects', { ...project, name: 'Behind an append' });
      expect(created.status).toBe(202);
      expect(created.body).toMatchObject({
        code: 'COMMAND.PENDING',
        id: expect.any(Number),
        after: expect.stringMatching(/^\d+\/\d+$/),
      });
      const id = created.body!['id'] as number;
      expect(created.body!['location']).toBe(`/api/projects/${id}`);
      expect(created.headers.get('location')).toBe(`/api/projects/${id}`);

      // Asking with the position waits (bounded) and says "still pending" rather than "not found".
      const stillPending = await call('GET', `/api/projects/${id}`, undefined, {
        'Groundtruth-After': created.body!['after'] as string,
      });
      expect(stillPending.status).toBe(202);

      await appender.query('COMMIT');
      released = true;
      // Each read with the position waits up to the read-your-writes bound; on a busy machine the
      // projections may need more than one, as the web client allows for.
      let shown = await call('GET', `/api/projects/${id}`, undefined, { 'Groundtruth-After': created.body!['after'] as string });
      for (const end = Date.now() + 30_000; shown.status === 202 && Date.now() < end;) {
        shown = await call('GET', `/api/projects/${id}`, undefined, { 'Groundtruth-After': created.body!['after'] as string });
      }
      expect(shown).toMatchObject({ status: 200, body: { id, name: 'Behind an append' } });
      const after = await callApi(sut.url, 'GET', '/api/status');
      for (const p of after.body!['projections'] as { heldBackBy: unknown[] }[]) expect(p.heldBackBy).toEqual([]);
    } finally {
      if (!released) await appender.query('ROLLBACK').catch(() => undefined);
      await appender.end();
    }
  }, 60_000);
});
