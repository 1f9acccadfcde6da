import { expect, test, type APIRequestContext } from '@playwright/test';
import { join } from 'node:path';
import {
  FLOOD_ORIGIN,
  JAMAICA_BAY,
  JAMAICA_STATIONS,
  blockingViolations,
  expectLandDrawn,
  expectMapDrawn,
  legendColours,
  marker,
  markerColours,
  seeded,
  setLocale,
  withReadings,
  signIn,
} from './maps-support';
import { demoAdmin } from './projects';

/** The project big map and list (spec §2 Project map view), and project 174's legend in flood mode. */

const FLOOD_PROJECT = 174;

const jamaicaBay = async (request: APIRequestContext): Promise<number> => {
  const { projects } = await seeded(request);
  const project = projects.find((p) => p.name === JAMAICA_BAY);
  if (!project) throw new Error(`${JAMAICA_BAY} is not seeded`);
  await withReadings(request, project.id);
  return project.id;
};

test.describe('project big map', () => {
  test('shows the detail card, the stations with a hover summary and tiny chart, and the list (en-US, desktop)', async ({
    page,
    request,
  }, testInfo) => {
    const projectId = await jamaicaBay(request);
    await page.goto(`/dashboard/projects/${projectId}/map`);
    await expect(page).toHaveTitle(`${JAMAICA_BAY} - Groundtruth`);
    await expect(page.getByRole('heading', { level: 1, name: JAMAICA_BAY })).toBeVisible();
    await expect(page.getByText('Queens and Brooklyn, New York · 3 stations')).toBeVisible();
    await expectMapDrawn(page);
    await expectLandDrawn(page);
    for (const name of JAMAICA_STATIONS) await expect(marker(page, name)).toBeVisible();
    // The demo's flood project is project 174, the only one with a legend.
    expect(projectId).toBe(FLOOD_PROJECT);
    await expect(page.getByRole('complementary', { name: 'Flood Depth' })).toBeVisible();
    await expect(page.getByText('Point at or focus a station to see its latest readings.')).toBeVisible();

    const card = page.getByTestId('station-hover-card');
    await marker(page, 'Howard Beach 157th Ave').hover();
    await expect(card.getByRole('heading', { name: 'Howard Beach 157th Ave' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Station page' })).toHaveAttribute(
      'href',
      new RegExp(`^/dashboard/projects/${projectId}/station/\\d+$`),
    );
    // Focus shows it too; a click keeps it until closed.
    await marker(page, 'Canarsie Pier Rd').focus();
    await expect(card.getByRole('heading', { name: 'Canarsie Pier Rd' })).toBeVisible();
    await marker(page, 'Canarsie Pier Rd').press('Enter');
    await page.mouse.move(5, 5);
    await expect(card.getByRole('heading', { name: 'Canarsie Pier Rd' })).toBeVisible();
    const found = await blockingViolations(page, 'project map');
    await page.screenshot({ path: join(testInfo.outputDir, 'project-map-desktop.png') });
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);

    await page.getByRole('button', { name: 'List' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${projectId}/list$`));
    const list = page.getByRole('list', { name: JAMAICA_BAY });
    await expect(list.getByRole('listitem')).toHaveCount(JAMAICA_STATIONS.length);
    for (const name of JAMAICA_STATIONS) await expect(list.getByRole('heading', { name })).toBeVisible();
    found.push(...(await blockingViolations(page, 'project list')));
    await page.screenshot({ path: join(testInfo.outputDir, 'project-list-desktop.png'), fullPage: true });
    await page.getByRole('link', { name: 'Project page' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${projectId}$`));
    expect(found).toEqual([]);
  });

  test('opens a picked station in the bottom pane (es-ES, phone)', async ({ page, request }, testInfo) => {
    const projectId = await jamaicaBay(request);
    await setLocale(page, 'es-ES');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard/projects/${projectId}/map`);
    await expect(page.getByRole('heading', { level: 1, name: JAMAICA_BAY })).toBeVisible();
    await expect(page.getByText('Queens and Brooklyn, New York · 3 estaciones')).toBeVisible();
    await expectMapDrawn(page);
    await marker(page, 'Broad Channel W 12th Rd').click();
    const pane = page.getByRole('region', { name: 'Broad Channel W 12th Rd' });
    await expect(pane.getByRole('heading', { name: 'Broad Channel W 12th Rd' })).toBeVisible();
    await expect(page.getByRole('separator')).toHaveAttribute('aria-valuenow', '50');
    // The catalogue's sensor names in Spanish (the shared catalogue is English only: labels.es.ts).
    await expect(pane.getByText(/Profundidad de inundación/).first()).toBeVisible();
    const found = await blockingViolations(page, 'project map (phone)');
    await page.screenshot({ path: join(testInfo.outputDir, 'project-map-phone-es.png') });
    await page.goto(`/dashboard/projects/${projectId}/list`);
    await expect(page.getByRole('list', { name: JAMAICA_BAY }).getByRole('listitem')).toHaveCount(JAMAICA_STATIONS.length);
    found.push(...(await blockingViolations(page, 'project list (phone)')));
    expect(found).toEqual([]);
  });

  test("project 174 in flood mode: its sensors' threshold legend, collapsible, and a tiny chart", async ({ page }, testInfo) => {
    // The demo seeds Jamaica Bay Flood Watch as project 174, with two days of simulated flood readings.
    await page.goto(`${FLOOD_ORIGIN}/dashboard/projects/${FLOOD_PROJECT}/map`);
    await expect(page.getByRole('heading', { level: 1, name: JAMAICA_BAY })).toBeVisible();
    await expect(page.getByText('Queens and Brooklyn, New York · 3 sensors')).toBeVisible();
    await expectMapDrawn(page);
    const legend = page.getByRole('complementary', { name: 'Flood Depth' });
    // Every level, the one under 4 in too (its markers are drawn in its colour), and no data.
    for (const label of ['None or Minimal', 'Minor (4"-12")', 'Moderate (12"-24")', 'Major (> 24")', 'No data']) {
      await expect(legend.getByText(label, { exact: true })).toBeVisible();
    }
    const toggle = legend.getByRole('button', { name: 'Hide legend' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const sensor = marker(page, 'Broad Channel W 12th Rd');
    await expect(sensor).toHaveAccessibleName(
      /^Broad Channel W 12th Rd: \d+\.\d inches \(Flood Depth\), highest in the last 1 h$/,
    );
    // Every colour a marker is drawn in has its entry (the control: a colour no marker has is not among the entries).
    await expect(sensor).toBeVisible();
    const drawn = await markerColours(page);
    const listed = await legendColours(legend);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.filter((c) => !listed.includes(c))).toEqual([]);
    expect(listed).not.toContain('#123456');
    await sensor.hover();
    await expect(page.getByTestId('station-sparkline')).toHaveAccessibleName(
      'Flood Depth over the 48 hours before the latest reading',
    );
    await expect(page.getByTestId('station-sparkline').locator('svg')).toBeVisible();
    const found = await blockingViolations(page, 'flood project map');
    await page.screenshot({ path: join(testInfo.outputDir, 'project-174-flood.png') });

    await toggle.click();
    await expect(legend.getByRole('button', { name: 'Show legend' })).toHaveAttribute('aria-expanded', 'false');
    await expect(legend.getByText('No data')).toBeHidden();
    expect(found).toEqual([]);
  });

  test('the admin view of a project shows its stations on a map (demo admin; en-US desktop, es-ES phone)', async ({
    page,
    request,
  }, testInfo) => {
    const projectId = await jamaicaBay(request);
    await signIn(page, '', (await demoAdmin(request)).token);
    await page.goto(`/dashboard/projects/${projectId}`);
    // The admin view: the team manager is there, and now the stations' map.
    await expect(page.getByRole('heading', { name: 'Manage team' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of the stations' })).toBeVisible();
    await expectMapDrawn(page);
    for (const name of JAMAICA_STATIONS) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
    const found = await blockingViolations(page, 'admin project map');
    await page.screenshot({ path: join(testInfo.outputDir, 'project-admin-map-desktop.png'), fullPage: true });

    await setLocale(page, 'es-ES');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard/projects/${projectId}`);
    await expect(page.getByRole('region', { name: 'Mapa de las estaciones' })).toBeVisible();
    await expectMapDrawn(page);
    await expect(page.getByRole('button', { name: 'Canarsie Pier Rd', exact: true })).toBeVisible();
    found.push(...(await blockingViolations(page, 'admin project map (phone)')));
    await page.screenshot({ path: join(testInfo.outputDir, 'project-admin-map-phone-es.png'), fullPage: true });
    expect(found).toEqual([]);
  });
});
