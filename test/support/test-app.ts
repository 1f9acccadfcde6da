import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { createApiApp } from '../../apps/api/src/bootstrap.js';
import { createLogger, loadConfig, LogCapture, openRuntime, type Runtime } from '../../libs/platform/src/index.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export type TestApp = {
  url: string;
  dataDir: string;
  runtime: Runtime;
  db: TestDatabase;
  app: INestApplication;
  close(): Promise<void>;
};

/** The whole product in this process over a fresh database and data folder, listening on a free port. */
export const startTestApp = async (
  env: Record<string, string> = {},
  /** captureLogs: keep the log lines in gt_logs as the product does (the console's log view), not on stdout. */
  options: { captureLogs?: boolean } = {},
): Promise<TestApp> => {
  const db = await createTestDatabase({ migrate: false });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'gt-app-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT: '1000',
    // Suites save many bookmarks from one address; test/api/usage-limits.e2e.spec.ts sets its own.
    BOOKMARK_SAVES_PER_HOUR_ANONYMOUS: '100000',
    BOOKMARK_SAVES_PER_HOUR_USER: '100000',
    ...env,
  });
  const capture = options.captureLogs ? new LogCapture({ flushMs: 100 }) : null;
  const runtime = await openRuntime(
    config,
    capture ? createLogger(config.logLevel, 'groundtruth', { capture, stdout: false }) : createLogger(config.logLevel),
  );
  capture?.attach(runtime.pool);
  // Every answer is checked against its route contract: a mismatch is a 500 that fails the test.
  const app = await createApiApp(runtime, { projector: true, port: 0, checkResponses: true });
  const address = app.getHttpServer().address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    dataDir,
    runtime,
    db,
    app,
    async close() {
      await app.close();
      await capture?.close();
      await runtime.close();
      await db.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
};
