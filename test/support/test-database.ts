import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { migratePostgres } from '../../libs/platform/src/postgres/migrations.js';

export type TestDatabase = { url: string; pool: pg.Pool; drop(): Promise<void> };

const adminUrl = (): string => {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run int tests through jest (its global setup starts Postgres)');
  return url;
};

/** A fresh, migrated database of its own for one test file. */
export const createTestDatabase = async (options: { migrate?: boolean; max?: number } = {}): Promise<TestDatabase> => {
  const base = new URL(adminUrl());
  const name = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: options.max ?? 12 });
  // As the product's pools do (libs/platform/src/postgres/postgres.ts): an idle client the server
  // drops is replaced at the next checkout, and a query on it still fails. Without a listener the
  // pool's 'error' event was an unhandled error that failed whichever test was running (CI, stop
  // 27: two idle clients of the event store's conformance database ended with 57P01).
  pool.on('error', () => undefined);
  if (options.migrate !== false) await migratePostgres(pool);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: base.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
};
