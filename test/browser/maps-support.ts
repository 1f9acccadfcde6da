import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { TOKEN_KEY } from './accounts';

/** Helpers of the map journeys (maps-*.pw.ts): the seeded stations, simulated readings, flood mode's address. */

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

export const PORT = Number(process.env['GT_PW_PORT'] ?? 3210);
/** Flood mode: the same server under a host containing `floodnet.` (chromium sends *.localhost here). */
export const FLOOD_ORIGIN = `http://floodnet.localhost:${PORT}`;
export const ORIGIN = `http://localhost:${PORT}`;

export const JAMAICA_BAY = 'Jamaica Bay Flood Watch';
/** The seeded stations of public projects (the bench unit's project is private). */
export const PUBLIC_STATIONS = [
  'Hudson at Kingston',
  'Hudson at Beacon',
  'Hudson at Piermont',
  'Broad Channel W 12th Rd',
  'Howard Beach 157th Ave',
  'Canarsie Pier Rd',
  'Bosque del Apache Road',
  'Alameda Bridge',
] as const;
export const JAMAICA_STATIONS = ['Broad Channel W 12th Rd', 'Howard Beach 157th Ave', 'Canarsie Pier Rd'] as const;

type Named = { id: number; name: string };

/** Waits until the demo seed is queryable (it may still be projecting when the suite starts); answers the public projects and their stations. */
export const seeded = async (request: APIRequestContext) => {
  let result: { projects: Named[]; stations: Map<string, number> } = { projects: [], stations: new Map() };
  await expect(async () => {
    const projects = ((await (await request.get('/api/projects')).json()) as { projects: Named[] }).projects;
    const stations = new Map<string, number>();
    for (const project of projects) {
      const body = (await (await request.get(`/api/projects/${project.id}/stations`)).json()) as { stations: Named[] };
      for (const station of body.stations) stations.set(station.name, station.id);
    }
    expect(PUBLIC_STATIONS.filter((name) => !stations.has(name))).toEqual([]);
    result = { projects, stations };
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 5_000] });
  return result;
};

/**
 * Waits until every station of the project has a latest reading in the maps' answer: the demo's
 * readings are uploaded in the background after the seed, and a map opened before they are in shows
 * "no data" until its next refresh (minutes later).
 */
export const withReadings = async (request: APIRequestContext, projectId: number) => {
  await expect(async () => {
    const body = (await (await request.get(`/api/stations/map?project=${projectId}`)).json()) as {
      stations: { name: string; reading: unknown }[];
    };
    expect(body.stations.filter((s) => s.reading === null).map((s) => s.name)).toEqual([]);
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 5_000] });
};

export const stationId = (stations: Map<string, number>, name: string): number => {
  const id = stations.get(name);
  if (id === undefined) throw new Error(`no seeded station ${name}`);
  return id;
};

/** A station marker: a button named '<station>: <what it shows>'. */
/** A cluster of stations (or sensors) on a map: its accessible name says how many and what a click does. */
export const clusters = (page: Page, noun: 'stations' | 'sensors' | 'estaciones' | 'sensores' = 'stations') =>
  page.getByRole('button', { name: new RegExp(`^\\d+ ${noun}, (zoom in|acercar)$`) });

/** The counts of the clusters on screen, largest first. */
export const clusterCounts = async (page: Page): Promise<number[]> =>
  (
    await page.locator('.gt-map-cluster').evaluateAll((els) => els.map((el) => Number((el as HTMLElement).dataset['count'])))
  ).sort((a, b) => b - a);

/** Bounds routes of the map journeys: around Jamaica Bay, and around Albuquerque's two stations. */
export const boundsPath = (bounds: readonly [readonly [number, number], readonly [number, number]]) =>
  `/dashboard/stations/all/${encodeURIComponent(JSON.stringify(bounds))}`;

export const marker = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}: `) });

/** Signs the page's origin in with a token (the app keeps it in local storage). */
export const signIn = async (page: Page, origin: string, token: string) => {
  await page.goto(`${origin}/terms`);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key!, value!), [TOKEN_KEY, token]);
};

export const setLocale = async (page: Page, locale: 'en-US' | 'es-ES') => {
  await page.addInitScript((l) => window.localStorage.setItem('locale', l), locale);
};

/**
 * Registers a simulated station for the token's account and uploads `days` of its readings through the
 * real ingestion endpoint (the product's simulator CLI), then deploys it at a place; answers its id.
 */
export const simulateStation = async (
  request: APIRequestContext,
  token: string,
  options: { deviceHex: string; name: string; kind: 'flood' | 'water' | 'weather'; latitude: number; longitude: number },
): Promise<number> => {
  const { stdout } = await run(
    process.execPath,
    [
      join(repoRoot, 'apps/api/dist/simulator/simulate.js'),
      '--api',
      ORIGIN,
      '--token',
      token,
      '--device',
      options.deviceHex,
      '--kind',
      options.kind,
      '--name',
      options.name,
      '--days',
      '1',
      '--step',
      '300',
      // A negative number after a space would read as another option.
      `--latitude=${options.latitude}`,
      `--longitude=${options.longitude}`,
    ],
    { timeout: 60_000 },
  );
  const id = Number(/station (\d+):/.exec(stdout)?.[1]);
  if (!Number.isInteger(id)) throw new Error(`the simulator said: ${stdout}`);
  // An edit carries the version it was made on (issue 13): the station as just registered.
  const read = await request.get(`/api/stations/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  const { version } = (await read.json()) as { version: number };
  const deployed = await request.patch(`/api/stations/${id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      location: { latitude: options.latitude, longitude: options.longitude },
      deployedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      version,
    },
  });
  expect(deployed.status(), await deployed.text()).toBe(200);
  return id;
};

/** A device id no other run uses (hex, 16 digits). */
export const uniqueDevice = (): string =>
  (Date.now().toString(16) + Math.floor(Math.random() * 0xffffff).toString(16)).padEnd(16, '0').slice(0, 16);

/** axe-core's serious and critical findings on the page (WCAG 2.1 A and AA), as readable lines. */
/**
 * Collects the Content Security Policy violations the browser reports on the page (Chromium logs each
 * refused load or connection as a console error), across navigations, from now on.
 */
export const watchCsp = (page: Page): string[] => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
};

export const blockingViolations = async (page: Page, name: string): Promise<string[]> => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

/** The map drew: MapLibre made its WebGL canvas (SwiftShader here) with the local style, and the markers are on it. */
export const expectMapDrawn = async (page: Page) => {
  const box = page.locator('[data-map-ready="true"]');
  // The map's chunk (MapLibre, about 1 MB) loads on first use: slow on a busy machine.
  await expect(box).toHaveAttribute('data-map-style', 'local', { timeout: 45_000 });
  const size = await box.locator('canvas').evaluate((canvas: HTMLCanvasElement) => ({
    width: canvas.width,
    height: canvas.height,
    webgl: !!(canvas.getContext('webgl2') ?? canvas.getContext('webgl')),
  }));
  expect(size.width).toBeGreaterThan(100);
  expect(size.height).toBeGreaterThan(100);
  expect(size.webgl).toBe(true);
};

/** The shipped basemap's land colour (BASEMAP_COLOURS.land in apps/web/src/components/map/map-style.ts). */
const LAND: readonly [number, number, number] = [0xf2, 0xef, 0xe4];

/**
 * The share of the map box's pixels in the land colour (±6 per channel), read from a screenshot of the
 * box: what a person sees, not that a canvas exists. 0 on a blank map (see the control in maps-stations).
 */
export const landShare = async (page: Page): Promise<number> => {
  const { default: sharp } = await import('sharp');
  const box = page.locator('[data-map-ready="true"]').first();
  const png = await box.screenshot({ animations: 'disabled' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let land = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (LAND.every((value, c) => Math.abs((data[i + c] ?? 0) - value) <= 6)) land += 1;
  }
  return land / (info.width * info.height);
};

/** Land is drawn on the map (the offline basemap here: this machine has no internet). */
export const expectLandDrawn = async (page: Page, atLeast = 0.1) => {
  await expect
    .poll(() => landShare(page), { timeout: 45_000, message: 'share of land-coloured pixels' })
    .toBeGreaterThan(atLeast);
};

/** The colours the markers and clusters on the map are drawn in (lower case, distinct). */
export const markerColours = async (page: Page): Promise<string[]> =>
  [
    ...new Set(
      await page
        .locator('.gt-map-marker')
        .evaluateAll((els) =>
          els.map((el) => (el as HTMLElement).style.getPropertyValue('--gt-marker-colour').trim().toLowerCase()),
        ),
    ),
  ].sort();

/** The colours a legend lists. */
export const legendColours = async (legend: Locator): Promise<string[]> =>
  (
    await legend
      .locator('[data-legend-colour]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset['legendColour']!))
  ).sort();
