import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TOKEN_KEY, createValidatedAccount, uniqueEmail } from './accounts';

/** Helpers the station, photo and note journeys share. */

const PORT = Number(process.env['GT_PW_PORT'] ?? 3210);
export const BASE = `http://localhost:${PORT}`;
/** Flood mode: chromium sends *.localhost to this machine, and the app picks its mode from the host. */
export const FLOOD = `http://floodnet.localhost:${PORT}`;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

export type Owner = { readonly token: string; readonly name: string; readonly email: string; readonly password: string };

export const makeOwner = async (request: APIRequestContext, label: string): Promise<Owner> => {
  const account = { name: `Station Owner ${label}`, email: uniqueEmail(label), password: 'station-owner-password' };
  return { ...account, token: await createValidatedAccount(request, account) };
};

const run = promisify(execFile);

/**
 * A station of `owner` with a day (or `days`) of simulated readings every `stepSeconds` (600 by
 * default), uploaded through the real POST /api/ingestion by the product's simulator (apps/api/dist,
 * built before the browser tests). Answers its id once its readings can be charted.
 */
export const simulatedStation = async (
  request: APIRequestContext,
  owner: Owner,
  {
    kind = 'water',
    name,
    days = 1,
    stepSeconds = 600,
  }: { kind?: 'water' | 'weather' | 'flood'; name: string; days?: number; stepSeconds?: number },
): Promise<number> => {
  const device = randomBytes(8).toString('hex');
  const { stdout } = await run(
    process.execPath,
    [
      join(process.cwd(), 'apps/api/dist/simulator/simulate.js'),
      ...['--api', BASE, '--token', owner.token, '--device', device, '--kind', kind, '--name', name],
      ...['--days', String(days), '--step', String(stepSeconds), '--chunk-days', String(Math.min(days, 30))],
    ],
    { timeout: 60_000 + days * 500 },
  );
  const stationId = Number(/station (\d+):/.exec(stdout)?.[1]);
  if (!Number.isInteger(stationId)) throw new Error(`the simulator said: ${stdout}`);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/sensors/data/tail?stations=${stationId}`, { headers: auth(owner) });
        return res.ok() ? ((await res.json()) as { data: unknown[] }).data.length : 0;
      },
      { timeout: 30_000, message: 'simulated readings to be queryable' },
    )
    .toBeGreaterThan(0);
  return stationId;
};

export const auth = (owner: Owner) => ({ Authorization: `Bearer ${owner.token}` });

/** A station registered through the API (no readings); the owner's first one goes into a new private project. */
export const registeredStation = async (request: APIRequestContext, owner: Owner, name: string): Promise<number> => {
  const res = await request.post('/api/stations', {
    headers: auth(owner),
    data: {
      deviceId: randomBytes(8).toString('hex'),
      name,
      modules: [{ name: 'modules.water.ph', position: 1, sensors: [{ name: 'ph', unitOfMeasure: '' }] }],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
};

type SeededStation = { id: number; name: string };

/** A station of the demo data by name, and the public project holding it (the seeder may still be running). */
export const seededStation = async (
  request: APIRequestContext,
  name: string,
): Promise<{ station: SeededStation; projectId: number }> => {
  let found: { station: SeededStation; projectId: number } | null = null;
  await expect
    .poll(
      async () => {
        const { projects } = (await (await request.get('/api/projects')).json()) as { projects: { id: number }[] };
        for (const project of projects) {
          const res = await request.get(`/api/projects/${project.id}/stations`);
          if (!res.ok()) continue;
          const { stations } = (await res.json()) as { stations: SeededStation[] };
          const station = stations.find((s) => s.name === name);
          if (station) found = { station, projectId: project.id };
        }
        return found !== null;
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000], message: `demo station ${name}` },
    )
    .toBe(true);
  return found!;
};

/** Opens the app's pages in this language, signed in as `owner` (or signed out), on the origin of `base`. */
export const prepare = async (page: Page, { locale = 'en-US', owner }: { locale?: string; owner?: Owner | null } = {}) => {
  await page.addInitScript(
    ([l, key, token]) => {
      window.localStorage.setItem('locale', l!);
      if (token) window.localStorage.setItem(key!, token);
      else window.localStorage.removeItem(key!);
    },
    [locale, TOKEN_KEY, owner?.token ?? ''],
  );
};

/** axe-core's serious and critical violations on the page as it is. */
export const blockingViolations = async (page: Page, name: string): Promise<string[]> => {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** A full-page screenshot kept with the run's artifacts. */
export const keepScreenshot = async (page: Page, testInfo: TestInfo, name: string): Promise<void> => {
  await page.screenshot({ path: join(testInfo.project.outputDir, `${name}.png`), fullPage: true });
};

/** The snackbar's text once shown. */
export const snackbar = (page: Page) => page.locator('.MuiSnackbar-root');
