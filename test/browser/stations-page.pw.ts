import { expect, test } from '@playwright/test';
import { fillLogin } from './accounts';
import { watchCsp } from './maps-support';
import {
  DESKTOP,
  FLOOD,
  PHONE,
  blockingViolations,
  keepScreenshot,
  makeOwner,
  prepare,
  registeredStation,
  seededStation,
  simulatedStation,
  snackbar,
  type Owner,
} from './stations';

/** Station summary and station page (spec §2), both languages and modes, desktop and phone. */
let owner: Owner;
let waterId: number;

test.beforeAll(async ({ request }) => {
  owner = await makeOwner(request, 'station-page');
  waterId = await simulatedStation(request, owner, { kind: 'water', name: 'Creek at the Mill' });
});

test('the owner reads the station page, edits the description and renames a module (en-US, desktop)', async ({
  page,
}, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(`/station/${waterId}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Creek at the Mill' })).toBeVisible();
  await expect(page).toHaveTitle('Creek at the Mill - Groundtruth');
  await expect(page.getByText('Ready to deploy')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: owner.name })).toBeVisible();

  // Module tabs with a tiny chart of the day of readings and the latest values (1 decimal).
  const tabs = page.getByRole('tablist', { name: 'Modules and their latest readings' });
  await expect(tabs.getByRole('tab', { name: 'Water pH' })).toBeVisible();
  await tabs.getByRole('tab', { name: 'Water pH' }).click();
  const panel = page.getByRole('tabpanel');
  await expect(panel.getByTestId('tiny-chart')).toBeVisible();
  await expect(panel.getByRole('definition').first()).toHaveText(/^\d+\.\d$/);
  const explore = panel.getByRole('link', { name: /Explore Water pH data/ });
  await expect(explore).toHaveAttribute('target', '_blank');
  const bookmark = JSON.parse(new URL(`http://x${await explore.getAttribute('href')}`).searchParams.get('bookmark')!) as {
    v: number;
    s: number[];
    g: unknown[];
  };
  expect(bookmark.v).toBe(1);
  expect(bookmark.s).toEqual([waterId]);
  await expect(page.getByRole('link', { name: /^Explore data/ })).toHaveAttribute('target', '_blank');

  // Description: saved, said, kept.
  await page.getByRole('button', { name: 'Edit description' }).click();
  const descriptionForm = page.getByRole('form', { name: 'Edit description' });
  await descriptionForm.getByRole('textbox', { name: 'Station description' }).fill('A weir above the old mill race.');
  await descriptionForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(snackbar(page)).toContainText("The station's description was saved.");
  await expect(page.getByTestId('station-description')).toHaveText('A weir above the old mill race.');

  // A failed save puts the old text back and says something went wrong.
  await page.route(`**/api/stations/${waterId}`, (route) =>
    route.request().method() === 'PATCH' ? route.abort() : route.continue(),
  );
  await page.getByRole('button', { name: 'Edit description' }).click();
  await descriptionForm.getByRole('textbox', { name: 'Station description' }).fill('This will not be kept.');
  await descriptionForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(snackbar(page)).toContainText('Something went wrong. Please try again later.');
  await expect(page.getByTestId('station-description')).toHaveText('A weir above the old mill race.');
  await page.unroute(`**/api/stations/${waterId}`);

  // Module label: at most 25 characters, then saved and shown on its tab.
  const labelForm = page.getByRole('form', { name: 'Rename Water pH' });
  const label = labelForm.getByRole('textbox', { name: 'Module name' });
  await label.fill('A name far longer than twenty-five');
  await expect(labelForm.getByText('A module name has at most 25 characters.')).toBeVisible();
  await expect(labelForm.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await label.fill('Mill pH');
  await labelForm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(snackbar(page)).toContainText("The module's name was saved.");
  await expect(tabs.getByRole('tab', { name: 'Mill pH' })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('station-description')).toHaveText('A weir above the old mill race.');
  await expect(page.getByRole('tab', { name: 'Mill pH' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'station-page-desktop-en');
  expect(await blockingViolations(page, 'station page (owner)')).toEqual([]);
});

test('a visitor reads a demo station in Spanish on a phone: no edit controls, notes, field note and photos', async ({
  page,
  request,
}, testInfo) => {
  const { station, projectId } = await seededStation(request, 'Hudson at Kingston');
  await page.setViewportSize(PHONE);
  await prepare(page, { locale: 'es-ES' });
  const csp = watchCsp(page);
  await page.goto(`/dashboard/projects/${projectId}/station/${station.id}`);

  await expect(page.getByRole('heading', { level: 1, name: 'Hudson at Kingston' })).toBeVisible();
  await expect(page.getByText('Instalada el 4/3/2025')).toBeVisible();
  await expect(page.getByText('41.921')).toBeVisible();
  await expect(page.getByText('-73.963')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Editar la descripción' })).toHaveCount(0);
  await expect(page.getByText('Cleaned the conductivity probe; a thin film of algae.')).toBeVisible();
  await expect(page.getByText('Objetivo del estudio')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Foto 1 de Hudson at Kingston' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver todas las fotos' })).toHaveAttribute(
    'href',
    `/dashboard/projects/${projectId}/station/${station.id}/photos`,
  );
  await expect(page.getByRole('link', { name: 'Volver al proyecto' })).toHaveAttribute(
    'href',
    `/dashboard/projects/${projectId}`,
  );
  await keepScreenshot(page, testInfo, 'station-page-phone-es');
  expect(await blockingViolations(page, 'station page (visitor, es)')).toEqual([]);
  // The page, its photos and its chart data load under the CSP.
  expect(csp).toEqual([]);
});

test('a private station (and its photos page) sends a signed-out visitor to log in, and comes back after', async ({
  page,
  request,
}) => {
  const privateId = await registeredStation(request, owner, 'Private bench unit');
  await prepare(page, { owner: null });
  // Its photos page too (spec §8: a station refused for lack of sign-in leads to login with its message).
  await page.goto(`/station/${privateId}/photos`);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('after') === `/station/${privateId}/photos`,
  );
  await expect(page.getByText('This station is private. Please log in to see it.')).toBeVisible();
  await page.goto(`/station/${privateId}`);
  await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('after') === `/station/${privateId}`);
  await expect(page.getByText('This station is private. Please log in to see it.')).toBeVisible();
  await fillLogin(page, owner.email, owner.password);
  await expect(page).toHaveURL((url) => url.pathname === `/station/${privateId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Private bench unit' })).toBeVisible();
});

test('unknown and malformed station ids show the not-found page', async ({ page }) => {
  await prepare(page);
  await page.goto('/station/987654321');
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await page.goto('/station/not-a-number');
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
  await page.goto('/dashboard/projects/x/station/1');
  await expect(page.getByText("The page you are looking for doesn't exist or has been moved.")).toBeVisible();
});

test('flood mode: sensor wording in the title, attributes by name, no module renaming (desktop and phone)', async ({
  page,
  request,
}, testInfo) => {
  const { station, projectId } = await seededStation(request, 'Broad Channel W 12th Rd');
  await prepare(page, { owner });
  await page.setViewportSize(DESKTOP);
  await page.goto(`${FLOOD}/dashboard/projects/${projectId}/station/${station.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Broad Channel W 12th Rd' })).toBeVisible();
  await expect(page).toHaveTitle('Broad Channel W 12th Rd - FloodNet Groundtruth');
  const attributes = page.getByRole('region', { name: 'Project attributes' });
  await expect(attributes.getByText('Neighborhood')).toBeVisible();
  await expect(attributes.getByText('Queens')).toBeVisible();
  await keepScreenshot(page, testInfo, 'station-page-flood-desktop');
  expect(await blockingViolations(page, 'station page (flood)')).toEqual([]);

  // The owner's own station in flood mode: labels are not editable under partner customisation.
  await page.setViewportSize(PHONE);
  await page.goto(`${FLOOD}/station/${waterId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Creek at the Mill' })).toBeVisible();
  await expect(page.getByRole('tab').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Module name' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit description' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'station-page-flood-phone');
});
