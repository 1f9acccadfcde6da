import { expect, test, type Locator } from '@playwright/test';
import { join } from 'node:path';
import { createValidatedAccount, uniqueEmail } from './accounts';
import {
  FLOOD_ORIGIN,
  JAMAICA_STATIONS,
  PUBLIC_STATIONS,
  blockingViolations,
  boundsPath,
  clusterCounts,
  clusters,
  expectLandDrawn,
  expectMapDrawn,
  landShare,
  legendColours,
  marker,
  markerColours,
  seeded,
  setLocale,
  signIn,
  simulateStation,
  stationId,
  uniqueDevice,
  watchCsp,
} from './maps-support';

/** The all-stations views (spec §2): map and list, bounds routes, station summary, bottom pane; both modes and languages. */

const JAMAICA_BAY_BOUNDS = [
  [-74.05, 40.55],
  [-73.7, 40.7],
];

/** Where an element is once it stops moving (the pane eases between its stops). */
const settledBox = async (locator: Locator) => {
  let box = await locator.boundingBox();
  await expect(async () => {
    const previous = box;
    await new Promise((resolve) => setTimeout(resolve, 100));
    box = await locator.boundingBox();
    expect(box).toEqual(previous);
  }).toPass({ timeout: 5_000 });
  return box!;
};

const decoded = (url: string) => decodeURIComponent(new URL(url).pathname);

test.describe('all-stations views', () => {
  test('shows the public stations on the map, opens and closes a summary, follows panning, and lists the visible ones (en-US, desktop)', async ({
    page,
    request,
  }, testInfo) => {
    const { stations } = await seeded(request);
    const csp = watchCsp(page);
    await page.goto('/dashboard/stations/map');
    await expect(page).toHaveTitle('Stations - Groundtruth');
    await expect(page.getByRole('heading', { level: 1, name: 'Stations' })).toBeVisible();
    await expectMapDrawn(page);
    // The shipped basemap draws land (a quarter or more of the box around the seeded stations)...
    await expectLandDrawn(page, 0.25);
    // ...and the same check finds none on a blank map: the canvas hidden, only the box's background.
    await page
      .locator('[data-map-ready="true"] canvas')
      .evaluate((canvas: HTMLCanvasElement) => (canvas.style.visibility = 'hidden'));
    expect(await landShare(page)).toBeLessThan(0.01);
    await page.locator('[data-map-ready="true"] canvas').evaluate((canvas: HTMLCanvasElement) => (canvas.style.visibility = ''));
    // At this zoom the stations around New York stack: they show as clusters with a count, in the
    // colour of the worst marker inside, and every public station is in a cluster or on its own.
    await expect(clusters(page).first()).toBeVisible();
    const counts = await clusterCounts(page);
    const alone = await page.locator('.gt-map-marker:not(.gt-map-cluster)').count();
    expect(counts.reduce((a, b) => a + b, 0) + alone).toBeGreaterThanOrEqual(PUBLIC_STATIONS.length);
    expect(counts[0]).toBeGreaterThan(1);
    await expect(marker(page, 'Bench unit 7')).toHaveCount(0);
    const legend = page.getByRole('complementary', { name: 'Legend' });
    await expect(legend.getByText('No data, or no reading in the window')).toBeVisible();
    await expect(legend.getByText('Inactive')).toBeVisible();
    // Every colour drawn (stations and clusters) has a legend entry; the control: an entry is
    // compared by colour, so a colour no entry has would be found.
    const drawn = await markerColours(page);
    const listed = await legendColours(legend);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.filter((c) => !listed.includes(c))).toEqual([]);
    expect([...drawn, '#123456'].filter((c) => !listed.includes(c))).toEqual(['#123456']);
    const found = await blockingViolations(page, 'stations map');
    // The map, its data and the live notifications load under the CSP (connect-src and img-src name hosts, not https:).
    expect(csp).toEqual([]);
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-map-desktop.png') });

    // The largest cluster, from the keyboard: focused and Enter zooms in until it splits; focus
    // lands on a station or a smaller cluster, not on the page.
    const largest = page.locator(`.gt-map-cluster[data-count="${counts[0]}"]`).first();
    await expect(largest).toHaveAccessibleName(`${counts[0]} stations, zoom in`);
    await largest.focus();
    await page.keyboard.press('Enter');
    await expect(async () => expect((await clusterCounts(page))[0] ?? 0).toBeLessThan(counts[0]!)).toPass({ timeout: 10_000 });
    await expect(page.locator('.gt-map-marker:focus')).toHaveCount(1);
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-map-split-desktop.png') });
    // And by a click, when a cluster is still in sight: it splits too.
    if ((await clusters(page).count()) > 0) {
      const before = (await clusterCounts(page))[0]!;
      await clusters(page).first().click();
      await expect(async () => expect((await clusterCounts(page))[0] ?? 0).not.toBe(before)).toPass({ timeout: 10_000 });
    }
    await expect(page.locator('.gt-map-marker:not(.gt-map-cluster)').first()).toBeVisible();

    // Around Jamaica Bay (at this zoom the three markers no longer overlap), a marker opens the station's
    // summary at the bounds route; closing goes back to the bounds-only route.
    await page.goto(`/dashboard/stations/all/${encodeURIComponent(JSON.stringify(JAMAICA_BAY_BOUNDS))}`);
    const canarsie = stationId(stations, 'Canarsie Pier Rd');
    await marker(page, 'Canarsie Pier Rd').click();
    await expect(page).toHaveURL((url) => new RegExp(`^/dashboard/stations/\\[\\[.*\\]\\]/${canarsie}$`).test(decoded(url.href)));
    const summary = page.getByRole('region', { name: 'Summary of Canarsie Pier Rd' });
    await expect(summary.getByRole('heading', { name: 'Canarsie Pier Rd' })).toBeVisible();
    await expect(summary.getByRole('tab', { name: 'Explore' })).toBeVisible();
    await expect(summary).toBeFocused();
    found.push(...(await blockingViolations(page, 'stations map with summary')));
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-summary-desktop.png') });
    const boundsOfSummary = decoded(page.url()).split('/')[3];

    await summary.getByRole('button', { name: 'Close station summary' }).click();
    await expect(page).toHaveURL((url) => decoded(url.href) === `/dashboard/stations/all/${boundsOfSummary}`);
    await expect(marker(page, 'Canarsie Pier Rd')).toBeFocused();

    // Moving the map (arrow keys on the map) writes the new bounds into the address.
    await page.getByRole('region', { name: /^Map\. Drag/ }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(
      (url) =>
        decoded(url.href).startsWith('/dashboard/stations/all/') &&
        decoded(url.href) !== `/dashboard/stations/all/${boundsOfSummary}`,
    );

    // The list keeps to the visible area (still Jamaica Bay) unless asked for all.
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page).toHaveURL(/\/dashboard\/stations\/list$/);
    const list = page.getByRole('list', { name: 'Stations' });
    const visibleOnly = page.getByRole('checkbox', { name: 'Only stations in the visible map area' });
    await expect(visibleOnly).toBeChecked();
    // Other journeys may add public stations; the seeded ones tell.
    for (const name of JAMAICA_STATIONS) await expect(list.getByRole('heading', { name })).toBeVisible();
    await expect(list.getByRole('heading', { name: 'Hudson at Beacon' })).toHaveCount(0);
    await visibleOnly.uncheck();
    for (const name of PUBLIC_STATIONS) await expect(list.getByRole('heading', { name })).toBeVisible();
    found.push(...(await blockingViolations(page, 'stations list')));
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-list-desktop.png'), fullPage: true });

    // A station in the list opens on the map with its summary.
    await list.getByRole('button', { name: 'Show Howard Beach 157th Ave on the map' }).click();
    await expect(page.getByRole('region', { name: 'Summary of Howard Beach 157th Ave' })).toBeVisible();
    expect(decoded(page.url())).toMatch(new RegExp(`/${stationId(stations, 'Howard Beach 157th Ave')}$`));
    expect(found).toEqual([]);
  });

  test('opens a station by its address in a bottom pane with two stops, by keyboard and by dragging (es-ES, phone)', async ({
    page,
    request,
  }, testInfo) => {
    const { stations } = await seeded(request);
    await setLocale(page, 'es-ES');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/dashboard/stations/${stationId(stations, 'Broad Channel W 12th Rd')}`);
    await expect(page).toHaveTitle('Estaciones - Groundtruth');
    await expect(page.getByRole('heading', { level: 1, name: 'Estaciones' })).toBeVisible();
    const pane = page.getByRole('region', { name: 'Resumen de Broad Channel W 12th Rd' }).first();
    await expect(pane.getByRole('heading', { name: 'Broad Channel W 12th Rd' })).toBeVisible();
    await expectMapDrawn(page);
    // The shipped basemap on a phone in Spanish: land above the pane.
    await expectLandDrawn(page, 0.05);
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-basemap-phone-es.png') });
    const handle = page.getByRole('separator', { name: /Cambiar el tamaño del panel/ });
    await expect(handle).toHaveAttribute('aria-valuenow', '50');
    const found = await blockingViolations(page, 'station pane (phone)');
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-pane-phone-es.png') });

    await handle.focus();
    await page.keyboard.press('ArrowUp');
    await expect(handle).toHaveAttribute('aria-valuenow', '77');
    await page.keyboard.press('Enter');
    await expect(handle).toHaveAttribute('aria-valuenow', '50');

    // Dragged most of the way up, it settles at the upper stop; dragged down, at half.
    const box = await settledBox(handle);
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y - 200, { steps: 5 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '77');
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-pane-phone-es-up.png') });
    const up = await settledBox(handle);
    await page.mouse.move(up.x + up.width / 2, up.y + up.height / 2);
    await page.mouse.down();
    await page.mouse.move(up.x + up.width / 2, up.y + 180, { steps: 5 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '50');

    // The list keeps to what the map showed: the station and the streets around it.
    await page.getByRole('button', { name: 'Lista' }).click();
    const list = page.getByRole('list', { name: 'Estaciones' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('heading', { name: 'Broad Channel W 12th Rd' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Solo las estaciones del área visible del mapa' }).uncheck();
    for (const name of PUBLIC_STATIONS) await expect(list.getByRole('heading', { name })).toBeVisible();
    found.push(...(await blockingViolations(page, 'stations list (phone)')));
    expect(found).toEqual([]);
  });

  test("a signed-in user's map: app links with no stations, then a simulated station's latest value and explore link", async ({
    page,
    request,
  }, testInfo) => {
    const token = await createValidatedAccount(request, {
      name: 'Map Person',
      email: uniqueEmail('map'),
      password: 'map-person-password-1',
    });
    await signIn(page, '', token);
    await page.goto('/dashboard/stations/map');
    // Signed in, one sees every station one may see (the public ones), and how to add one's own (in the
    // page: the sidebar's list of one's stations says the same words, and may be there first or not).
    await expect(page.getByRole('main').getByText('You have no stations yet.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', /apps\.apple\.com/);
    await expect(page.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', /play\.google\.com/);
    const found = await blockingViolations(page, 'no stations');

    const id = await simulateStation(request, token, {
      deviceHex: uniqueDevice(),
      name: 'Sim Flood Corner',
      kind: 'flood',
      latitude: 40.61,
      longitude: -73.82,
    });
    // Close in, where it stands apart from the Jamaica Bay stations.
    await page.goto(
      boundsPath([
        [-73.83, 40.605],
        [-73.81, 40.615],
      ]),
    );
    await expectMapDrawn(page);
    await expect(page.getByRole('main').getByText('You have no stations yet.', { exact: false })).toHaveCount(0);
    const simulated = marker(page, 'Sim Flood Corner');
    // The flood sensor's depth (its threshold levels make it the marker's sensor), one decimal.
    await expect(simulated).toHaveAccessibleName(/^Sim Flood Corner: \d+\.\d inches \(Flood Depth\), highest in the last 72 h$/);
    // What Recent and Current mean is said beside the toggle.
    await expect(page.getByText("Recent: each station's highest reading in the last 72 h", { exact: false })).toBeVisible();
    await expect(simulated).toHaveText(/^\d+\.\d$/);
    const recent = await simulated.textContent();
    await page.getByRole('button', { name: 'Current' }).click();
    await expect(page.getByRole('button', { name: 'Current' })).toHaveAttribute('aria-pressed', 'true');
    await expect(simulated).toHaveText(/^\d+\.\d$/);
    await expect(simulated).toHaveAccessibleName(/, latest reading$/);
    await expect(page.getByText("Current: each station's latest reading", { exact: false })).toBeVisible();
    // The highest reading of the last 72 hours is never below the latest one.
    expect(Number(recent)).toBeGreaterThanOrEqual(Number(await simulated.textContent()));

    await simulated.click();
    const summary = page.getByRole('region', { name: 'Summary of Sim Flood Corner' });
    const explore = summary.getByRole('link', { name: 'Explore data' });
    await expect(explore).toHaveAttribute('target', '_blank');
    const bookmark = JSON.parse(new URL((await explore.getAttribute('href'))!, 'http://x').searchParams.get('bookmark')!) as {
      s: number[];
    };
    expect(bookmark.s).toEqual([id]);
    found.push(...(await blockingViolations(page, 'own station summary')));
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-own-desktop.png') });

    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.getByText(/^\d+\.\d inches \(Flood Depth\)$/)).toBeVisible();
    expect(found).toEqual([]);
  });

  test('calls stations sensors in flood mode and asks for the last hour of readings (floodnet host)', async ({
    page,
    request,
  }, testInfo) => {
    await seeded(request);
    const recently = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/stations/map');
    await page.goto(`${FLOOD_ORIGIN}${boundsPath(JAMAICA_BAY_BOUNDS as [[number, number], [number, number]])}`);
    await expect(page).toHaveTitle('Sensors - FloodNet Groundtruth');
    await expect(page.getByRole('heading', { level: 1, name: 'Sensors' })).toBeVisible();
    expect(new URL((await recently).url()).searchParams.get('recentHours')).toBe('1');
    await expectMapDrawn(page);
    await expectLandDrawn(page, 0.05);
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-flood-map.png') });
    await expect(marker(page, 'Canarsie Pier Rd')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Map of sensors' })).toBeVisible();
    await page.getByRole('button', { name: 'List' }).click();
    await expect(page.getByRole('checkbox', { name: 'Only sensors in the visible map area' })).toBeVisible();
    const found = await blockingViolations(page, 'flood sensors list');
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-flood-list.png'), fullPage: true });

    // On a phone, a sensor's summary opens in the bottom pane, above which the map keeps the sensor.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(
      `${FLOOD_ORIGIN}${boundsPath([
        [-106.75, 35.05],
        [-106.55, 35.25],
      ])}`,
    );
    await expectMapDrawn(page);
    await marker(page, 'Alameda Bridge').click();
    await expect(page.getByRole('region', { name: 'Summary of Alameda Bridge' }).first()).toBeVisible();
    const handle = page.getByRole('separator');
    await expect(handle).toHaveAttribute('aria-valuenow', '50');
    await expect(async () => {
      const paneTop = (await handle.boundingBox())!.y;
      expect((await marker(page, 'Alameda Bridge').boundingBox())!.y).toBeLessThan(paneTop);
    }).toPass({ timeout: 5_000 });
    found.push(...(await blockingViolations(page, 'flood sensor pane (phone)')));
    await page.screenshot({ path: join(testInfo.outputDir, 'stations-flood-pane-phone.png') });
    expect(found).toEqual([]);
  });

  test('answers not found for a station id that is not a number', async ({ page }) => {
    await page.goto('/dashboard/stations/not-a-number');
    await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  });
});
