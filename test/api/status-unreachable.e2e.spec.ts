import pg from 'pg';
import { startTestApp, type TestApp } from '../support/test-app.js';

let sut: TestApp;
beforeAll(async () => {
  sut = await startTestApp();
});
afterAll(() => sut.close());

describe('status while a store is unreachable', () => {
  it('answers 503 (status and every other call) while Postgres refuses connections, and 200 again once it is back', async () => {
    const statusOnceUp = async () => {
      let status = 0;
      for (let i = 0; i < 100 && status !== 200; i++) {
        status = (await fetch(`${sut.url}/api/status`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      return status;
    };
    // Healthy first (a busy machine can miss the store pings' 2 s bound once, so it may take a look or two).
    expect(await statusOnceUp()).toBe(200);
    const admin = new pg.Client({ connectionString: process.env['TEST_DATABASE_URL'] });
    await admin.connect();
    const name = new URL(sut.db.url).pathname.slice(1);
    try {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [
        name,
      ]);
      const down = await fetch(`${sut.url}/api/status`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ healthy: false, stores: { postgres: false } });
      // Any other call that needs Postgres: a 503 saying so, not a 500.
      const listing = await fetch(`${sut.url}/api/projects`);
      expect(listing.status).toBe(503);
      expect(listing.headers.get('retry-after')).toBe('5');
      expect(await listing.json()).toMatchObject({ code: 'SERVICE.UNAVAILABLE' });
    } finally {
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS true`);
      await admin.end();
    }
    expect(await statusOnceUp()).toBe(200);
  });
});
