import { expect, test, type Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createProject } from './projects';
import { BASE, DESKTOP, PHONE, auth, blockingViolations, keepScreenshot, makeOwner, prepare, type Owner } from './stations';

/**
 * Issue 16 part B in a real browser, both languages, desktop and phone: a tiny chart says its sensor,
 * its period (from – to) and at most 4 distinct y ticks; the activity panel groups a station's uploads
 * with the time of day and keeps the update and the deployment in view; /login makes no failed request.
 */
let owner: Owner;
let stationId: number;
let projectId: number;

type Feed = { activities: { type: string; records?: number; uploads?: number }[] };

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  owner = await makeOwner(request, 'readable');
  // Two days of readings in one-day files: two data uploads through the real POST /api/ingestion.
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      join(process.cwd(), 'apps/api/dist/simulator/simulate.js'),
      ...['--api', BASE, '--token', owner.token, '--device', randomBytes(8).toString('hex')],
      ...['--kind', 'water', '--name', 'Readable Creek', '--days', '2', '--step', '600', '--chunk-days', '1'],
    ],
    { timeout: 60_000 },
  );
  stationId = Number(/station (\d+):/.exec(stdout)?.[1]);
  projectId = await createProject(request, owner, { name: 'Readable activity' });
  const ok = async (res: Promise<{ status(): number; text(): Promise<string> }>) => {
    const r = await res;
    expect(r.status(), await r.text()).toBeLessThan(300);
  };
  await ok(request.post(`/api/projects/${projectId}/stations/${stationId}`, { headers: auth(owner) }));
  const station = (await (await request.get(`/api/stations/${stationId}`, { headers: auth(owner) })).json()) as {
    version?: number;
  };
  await ok(
    request.patch(`/api/stations/${stationId}`, {
      headers: auth(owner),
      data: {
        location: { latitude: 41.04, longitude: -73.9 },
        deployedAt: '2026-03-01T12:00:00.000Z',
        locationName: 'Piermont Pier',
        version: station.version,
      },
    }),
  );
  await ok(request.post(`/api/projects/${projectId}/updates`, { headers: auth(owner), data: { body: 'Sensors in the water.' } }));
  await expect
    .poll(
      async () => {
        const feed = (await (await request.get(`/api/projects/${projectId}/activity`, { headers: auth(owner) })).json()) as Feed;
        return feed.activities.reduce((n, a) => n + (a.uploads ?? 0), 0);
      },
      { timeout: 30_000, message: 'both uploads in the feed' },
    )
    .toBe(2);
});

const cases = [
  {
    locale: 'en-US',
    size: DESKTOP,
    label: 'en-desktop',
    uploads: /Readable Creek uploaded [\d,]+ data records in (2 uploads|1 upload)/,
  },
  {
    locale: 'es-ES',
    size: PHONE,
    label: 'es-phone',
    uploads: /Readable Creek subió [\d.]+ registros de datos en (2 envíos|1 envío)/,
  },
] as const;

const yTicks = async (page: Page) => {
  const chart = page.locator('[data-testid="tiny-chart"][data-state="ready"]').first();
  await expect(chart).toBeVisible({ timeout: 20_000 });
  return { chart, ticks: await chart.locator('svg text').allTextContents() };
};

for (const c of cases) {
  test(`a tiny chart names its sensor, its period and at most 4 ticks; the activity groups uploads (${c.label})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(c.size);
    await prepare(page, { owner, locale: c.locale });
    await page.goto(`/station/${stationId}`);

    const { chart, ticks } = await yTicks(page);
    await chart.scrollIntoViewIfNeeded();
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(4);
    expect(new Set(ticks).size).toBe(ticks.length);
    await expect(chart.getByTestId('tiny-chart-sensor')).not.toBeEmpty();
    // From – to, each a day and a time of day in the page's language.
    const range =
      c.locale === 'en-US'
        ? /^[A-Z][a-z]{2} \d{1,2}, \d\d:\d\d – [A-Z][a-z]{2} \d{1,2}, \d\d:\d\d$/
        : /^\d{1,2} [a-z]{3,4}\.?,? \d\d:\d\d – \d{1,2} [a-z]{3,4}\.?,? \d\d:\d\d$/;
    await expect(chart.getByTestId('tiny-chart-range')).toHaveText(range);
    await keepScreenshot(page, testInfo, `tiny-chart-${c.label}`);
    expect(await blockingViolations(page, `station page ${c.label}`)).toEqual([]);

    await page.goto(`/dashboard/projects/${projectId}/activity`);
    const panel = page.getByRole('dialog');
    const items = panel.getByRole('listitem');
    await expect(items.filter({ hasText: c.uploads }).first()).toBeVisible({ timeout: 20_000 });
    // The update and the deployment stay in view beside the uploads.
    await expect(items.filter({ hasText: 'Sensors in the water.' })).toHaveCount(1);
    await expect(items.filter({ hasText: 'Piermont Pier' })).toHaveCount(1);
    // Each item says its time of day.
    for (const when of await panel.getByTestId('activity-when').allTextContents()) expect(when).toMatch(/\d\d:\d\d/);
    await keepScreenshot(page, testInfo, `activity-${c.label}`);
    expect(await blockingViolations(page, `activity panel ${c.label}`)).toEqual([]);
  });
}

test('the login page makes no failed request when single sign-on is off (both languages)', async ({ page }) => {
  const failures: string[] = [];
  page.on('requestfailed', (r) => failures.push(`failed ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400) failures.push(`${r.status()} ${r.url()}`);
  });
  for (const [locale, size] of [
    ['en-US', DESKTOP],
    ['es-ES', PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await prepare(page, { locale, owner: null });
    await page.goto('/login');
    await expect(page.locator('input[type="password"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(failures, locale).toEqual([]);
    expect(await blockingViolations(page, `login ${locale}`)).toEqual([]);
  }
  // Control: the watch does see a failed request.
  await page.evaluate(() => fetch('/api/projects/999999999').catch(() => null));
  await expect.poll(() => failures.length).toBeGreaterThan(0);
});

test('the sidebar clips a long project list to 10 with "show all" (en-US, desktop)', async ({ page, request }) => {
  // The owner's projects ("My stations", "Readable activity") and 11 more.
  for (let i = 1; i <= 11; i++) await createProject(request, owner, { name: `Readable list ${String(i).padStart(2, '0')}` });
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(`/dashboard/projects/${projectId}`);
  const list = page.locator('section[aria-labelledby="sidebar-projects-heading"]').getByRole('list');
  await expect(list.getByRole('link')).toHaveCount(10);
  const showAll = page.getByRole('button', { name: /^Show all \d+ projects$/ });
  const total = Number(/\d+/.exec(await showAll.innerText())?.[0]);
  expect(total).toBeGreaterThanOrEqual(12);
  await showAll.click();
  await expect(list.getByRole('link')).toHaveCount(total);
  await expect(showAll).toHaveCount(0);
});
