// Jest loads global setup as CommonJS without the module mapper, hence the extensionless import;
// it is left out of tsconfig.check.json for that reason.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../libs/platform/src/postgres/embedded-postgres';
import { freePort } from './free-port';

/**
 * One real Postgres for the whole run (TEST_DATABASE_URL points at a server instead); every test
 * file makes its own database in it, so files run in parallel without sharing rows.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env['TEST_DATABASE_URL']) return;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-test-pg-'));
  await fs.chmod(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), port: await freePort(), database: 'groundtruth_test' });
  process.env['TEST_DATABASE_URL'] = pg.url;
  (globalThis as Record<string, unknown>)['__GT_TEST_PG__'] = { stop: pg.stop, dir };
}
