import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = dirname(fileURLToPath(import.meta.url));
// Overridable so several checkouts can run their browser tests at once.
const PORT = Number(process.env['GT_PW_PORT'] ?? 3210);
const baseURL = `http://localhost:${PORT}`;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A fresh data folder per run, so the product starts empty and seeds its demo data. (The product
 * itself opens the folders above its data and binaries to the `postgres` user when run as root.)
 */
const makeDataDir = (): string => {
  const tmpRoot = join(repoRoot, '.tmp');
  mkdirSync(tmpRoot, { recursive: true });
  // Folders of runs older than a day are left-overs; newer ones may belong to a run still going.
  for (const name of readdirSync(tmpRoot)) {
    const path = join(tmpRoot, name);
    if (name.startsWith('pw-') && Date.now() - statSync(path).mtimeMs > DAY_MS) rmSync(path, { recursive: true, force: true });
  }
  const dir = join(tmpRoot, `pw-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};

// The config is also loaded in every worker: they inherit the runner's environment, so only the runner makes a folder.
const dataDir = (process.env['GT_PW_DATA_DIR'] ??= makeDataDir());

export default defineConfig({
  testDir: 'test/browser',
  testMatch: '**/*.pw.ts',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          // The Debian chromium package; Playwright never downloads browsers here.
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node apps/api/dist/main.js',
    cwd: repoRoot,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EMBEDDED_PG_PORT: process.env['GT_PW_PG_PORT'] ?? '54391',
      // Account e-mails link here; with no SMTP_URL they land as .eml files in <DATA_DIR>/outbox.
      PUBLIC_URL: baseURL,
      // The journey's account becomes a site admin (it clears its own terms through the admin API).
      ADMIN_EMAILS:
        'journey-admin@example.org,console-admin-en@example.org,console-admin-es@example.org,console-logs-en@example.org,console-logs-es@example.org,console-projections-en@example.org,console-projections-es@example.org',
      // Every test signs in from the same address; the product's default limit would lock them out.
      AUTH_RATE_LIMIT: '1000',
      // Two days of demo readings: charts and maps have data, and the upload is over in seconds.
      SEED_DEMO_DAYS: '2',
    },
    url: `${baseURL}/api/status`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    // SIGTERM to the node process lets embedded Postgres shut down cleanly.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
