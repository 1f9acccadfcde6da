import { expect, test, type Locator, type Page } from '@playwright/test';
import { field } from './accounts';
import { marker, seeded } from './maps-support';
import { createProject } from './projects';
import { DESKTOP, FLOOD, PHONE, auth, makeOwner, prepare, seededStation, snackbar } from './stations';

/** The defects a walkthrough of the demo found (issue 32): update forms, Spanish strings, the map legend. */

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The markers and clusters on the map whose boxes the legend's box overlaps (their names). */
const coveredByLegend = async (page: Page, legend: Locator): Promise<string[]> => {
  const legendBox = await legend.boundingBox();
  expect(legendBox).not.toBeNull();
  const found: string[] = [];
  for (const element of await page.locator('.gt-map-marker').all()) {
    const box = await element.boundingBox();
    if (box && overlaps(box, legendBox!)) found.push((await element.getAttribute('aria-label')) ?? '?');
  }
  return found;
};

test.describe('project update forms', () => {
  test('a signed-in stranger sees neither the add form nor the edit form nor "Delete update"; the administrator does', async ({
    page,
    request,
  }) => {
    const owner = await makeOwner(request, 'update-owner');
    const stranger = await makeOwner(request, 'update-stranger');
    const projectId = await createProject(request, owner, { name: 'Strangers Welcome' });
    const posted = await request.post(`/api/projects/${projectId}/updates`, {
      headers: auth(owner),
      data: { body: 'Deployed.' },
    });
    expect(posted.status(), await posted.text()).toBe(200);
    const updateId = ((await posted.json()) as { id: number }).id;
    const addPath = `/dashboard/project-update/add?project=${projectId}`;
    const editPath = `/dashboard/project-updates/${updateId}/edit?project=${projectId}`;

    await page.setViewportSize(DESKTOP);
    await prepare(page, { owner: stranger });
    await page.goto(addPath);
    await expect(page.getByTestId('project-update-not-allowed')).toHaveText(
      "Only the project's administrators can post and edit its updates.",
    );
    await expect(page.getByRole('textbox', { name: 'Update' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Post update' })).toHaveCount(0);
    await page.goto(editPath);
    await expect(page.getByTestId('project-update-not-allowed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete update' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Update' })).toHaveCount(0);

    // The control: the administrator, on the same two pages, has the forms and the delete button.
    const admin = await page.context().browser()!.newPage();
    await prepare(admin, { owner });
    await admin.goto(addPath);
    await expect(field(admin, 'Update')).toBeVisible();
    await expect(admin.getByTestId('project-update-not-allowed')).toHaveCount(0);
    await admin.goto(editPath);
    await expect(admin.getByRole('button', { name: 'Delete update' })).toBeVisible();

    // A failed save says so once: in the snackbar, not again in the page's text once announced.
    await admin.route('**/api/projects/*/updates/*', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await field(admin, 'Update').fill('Deployed, and checked.');
    await admin.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(admin)).toContainText('The update could not be saved.');
    await expect
      .poll(() => admin.evaluate(() => document.body.innerText.split('The update could not be saved.').length - 1), {
        timeout: 5_000,
      })
      .toBe(1);
    await admin.close();
  });
});

test.describe('Spanish strings', () => {
  test('the project form writes dates D/M/AAAA, the map credits and the picker speak Spanish', async ({ page, request }) => {
    test.setTimeout(120_000);
    const owner = await makeOwner(request, 'spanish-dates');
    await page.setViewportSize(DESKTOP);
    await prepare(page, { locale: 'es-ES', owner });
    await page.goto('/dashboard/project/add');
    const start = page.locator('#project-startDate');
    await expect(start).toHaveAttribute('placeholder', 'D/M/AAAA');
    await expect(page.getByText('M/D/YYYY')).toHaveCount(0);
    await start.fill('31/12/2026');
    await start.blur();
    await expect(page.getByText('Por favor, escriba una fecha como D/M/AAAA.')).toHaveCount(0);
    // The control: a date in the English order is not a date here.
    await start.fill('12/31/2026');
    await start.blur();
    await expect(page.getByText('Por favor, escriba una fecha como D/M/AAAA.')).toBeVisible();

    // The station page's map credits, in Spanish, once the shipped basemap is drawn.
    const { station, projectId } = await seededStation(request, 'Hudson at Kingston');
    await page.goto(`/dashboard/projects/${projectId}/station/${station.id}`);
    const attribution = page.locator('.maplibregl-ctrl-attrib-inner');
    await expect(attribution).toContainText('Oficina del Censo de EE. UU.', { timeout: 45_000 });
    await expect(attribution).toContainText('colaboradores de OpenStreetMap');
    await expect(attribution).not.toContainText('contributors');

    // The workspace's station picker: MUI's own 'Open' in Spanish.
    const [explore] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /^Explorar datos/ }).click(),
    ]);
    await explore.setViewportSize(DESKTOP);
    const picker = explore.getByTestId('explore-chart').first();
    await expect(picker).toBeVisible({ timeout: 30_000 });
    await expect(picker.getByRole('button', { name: 'Abrir', exact: true }).first()).toBeAttached();
    await expect(picker.getByRole('button', { name: 'Open', exact: true })).toHaveCount(0);
    await expect(picker.getByRole('button', { name: 'Abierto', exact: true })).toHaveCount(0);
  });
});

test.describe('the map legend', () => {
  for (const run of [
    { name: 'desktop', viewport: DESKTOP },
    { name: 'phone', viewport: PHONE },
  ]) {
    test(`covers no station or cluster on the stations map and the flood map (${run.name})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await seeded(request);
      await page.setViewportSize(run.viewport);
      await prepare(page);
      await page.goto('/dashboard/stations/map');
      const legend = page.getByRole('complementary', { name: 'Legend' });
      await expect(page.locator('.gt-map-marker').first()).toBeVisible({ timeout: 30_000 });
      await expect(legend).toBeVisible();
      expect(await coveredByLegend(page, legend)).toEqual([]);
      // Opened, on the phone too (it starts closed there), and after the map has moved.
      const show = legend.getByRole('button', { name: 'Show legend' });
      if (await show.isVisible()) await show.click();
      await expect(legend.getByText('Inactive')).toBeVisible();
      expect(await coveredByLegend(page, legend)).toEqual([]);
      await page.getByRole('region', { name: /^Map\. Drag/ }).focus();
      for (const key of ['ArrowDown', 'ArrowDown', 'ArrowLeft', '-']) await page.keyboard.press(key);
      await expect(page.locator('.gt-map-marker').first()).toBeVisible();
      expect(await coveredByLegend(page, legend)).toEqual([]);
      // The control: the same check finds a marker once the legend is laid over it.
      const first = await page.locator('.gt-map-marker').first().boundingBox();
      await legend.evaluate(
        (el, at) =>
          Object.assign((el as HTMLElement).style, { position: 'fixed', left: `${at.x}px`, top: `${at.y}px`, zIndex: '9' }),
        first!,
      );
      expect((await coveredByLegend(page, legend)).length).toBeGreaterThan(0);

      // Flood mode's fixed project map: its threshold legend, collapsible, over no sensor.
      await prepare(page);
      await page.goto(`${FLOOD}/`);
      await expect(page.locator('.gt-map-marker').first()).toBeVisible({ timeout: 30_000 });
      const flood = page.getByRole('complementary', { name: 'Flood Depth' });
      await expect(flood).toBeVisible();
      expect(await coveredByLegend(page, flood)).toEqual([]);
      await expect(marker(page, 'Canarsie Pier Rd').or(page.locator('.gt-map-cluster')).first()).toBeVisible();
    });
  }
});

test('a station page map asks for the town names; the all-stations map, further out, does not', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { station, projectId } = await seededStation(request, 'Hudson at Beacon');
  await page.setViewportSize(DESKTOP);
  await prepare(page);
  const towns: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/basemap-towns-/.test(req.url())) towns.push(req.url());
  });
  // The control first: the all-stations map at its first view asks for no towns.
  await page.goto('/dashboard/stations/map');
  await expect(page.locator('.gt-map-marker').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-map-ready="true"]')).toHaveAttribute('data-map-style', 'local', { timeout: 45_000 });
  expect(towns).toEqual([]);
  await page.goto(`/dashboard/projects/${projectId}/station/${station.id}`);
  await expect(page.locator('[data-map-ready="true"]')).toHaveAttribute('data-map-style', 'local', { timeout: 45_000 });
  await expect.poll(() => towns.length, { timeout: 20_000 }).toBeGreaterThan(0);
});

test("the sidebar's background runs the whole height of a long page", async ({ page, request }) => {
  const { station, projectId } = await seededStation(request, 'Hudson at Kingston');
  await page.setViewportSize({ width: 1280, height: 600 });
  await prepare(page);
  await page.goto(`/dashboard/projects/${projectId}/station/${station.id}`);
  await expect(page.getByRole('heading', { level: 1, name: station.name })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Field notes' })).toBeVisible();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(900); // a long page: more than a screen and a half
  const frame = page.getByTestId('sidebar-frame');
  const painted = await frame.evaluate((el) => {
    const box = el.getBoundingClientRect();
    return { top: box.top + window.scrollY, bottom: box.bottom + window.scrollY, colour: getComputedStyle(el).backgroundColor };
  });
  expect(painted.colour).not.toBe('rgba(0, 0, 0, 0)');
  expect(painted.top).toBeLessThanOrEqual(0);
  expect(painted.bottom).toBeGreaterThanOrEqual(pageHeight - 1);
  // The control: the sheet inside is a screen tall, so a background on it alone stops part-way.
  const sheet = await frame.locator('.MuiDrawer-paper').boundingBox();
  expect(sheet!.height).toBeLessThan(pageHeight - 1);
});

test('the hidden features page says each switch is saved', async ({ page, request }) => {
  const owner = await makeOwner(request, 'features-saved');
  await prepare(page, { owner });
  await page.goto('/internal/features');
  await expect(page.getByRole('heading', { level: 1, name: 'Hidden features' })).toBeVisible();
  await expect(snackbar(page)).toHaveCount(0);
  await page.getByRole('switch', { name: 'Tiny charts on station pages' }).click();
  await expect(snackbar(page)).toContainText('Saved in this browser.');
});

test('on a phone the workspace title has its own line under the back link, and the first chart starts above the fold', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { station, projectId } = await seededStation(request, 'Hudson at Kingston');
  await prepare(page);
  await page.setViewportSize(DESKTOP);
  await page.goto(`/dashboard/projects/${projectId}/station/${station.id}`);
  const [explore] = await Promise.all([
    page.context().waitForEvent('page'),
    page.getByRole('link', { name: /^Explore data/ }).click(),
  ]);
  await explore.setViewportSize(PHONE);
  const title = explore.getByRole('heading', { level: 1, name: 'Explore data' });
  await expect(title).toBeVisible({ timeout: 30_000 });
  const back = explore.getByRole('link', { name: 'Back to the project' });
  const [backBox, titleBox] = [await back.boundingBox(), await title.boundingBox()];
  expect(titleBox!.y).toBeGreaterThanOrEqual(backBox!.y + backBox!.height - 1);
  // One line of title: no taller than its line height allows.
  expect(titleBox!.height).toBeLessThan(40);
  const chart = explore.getByTestId('explore-chart').first();
  await expect(chart).toBeVisible({ timeout: 30_000 });
  expect((await chart.boundingBox())!.y).toBeLessThan(PHONE.height);
});
