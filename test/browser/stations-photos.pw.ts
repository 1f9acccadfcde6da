import { expect, test } from '@playwright/test';
import { tinyPng } from './accounts';
import {
  DESKTOP,
  PHONE,
  blockingViolations,
  keepScreenshot,
  makeOwner,
  prepare,
  registeredStation,
  seededStation,
  snackbar,
} from './stations';

/** Spec §2 Photos page: add (jpeg or png), set as station image, delete with confirmation, gallery viewer. */
test('the owner adds photos, chooses the station image, views them in the gallery and deletes one (en-US, desktop)', async ({
  page,
  request,
}, testInfo) => {
  const owner = await makeOwner(request, 'photos');
  const stationId = await registeredStation(request, owner, 'Photo station');
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(`/station/${stationId}/photos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Photos of Photo station' })).toBeVisible();
  await expect(page).toHaveTitle('Photos of Photo station - Groundtruth');
  await expect(page.getByText('There are no photos of this station yet.')).toBeVisible();

  const input = page.locator('input[type=file]');
  // Not a jpeg or png: refused here, before any upload.
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
  await expect(page.getByText('Only JPEG or PNG images can be added.')).toBeVisible();

  await input.setInputFiles([
    { name: 'first.png', mimeType: 'image/png', buffer: tinyPng() },
    { name: 'second.png', mimeType: 'image/png', buffer: tinyPng() },
  ]);
  await expect(snackbar(page)).toContainText('The photo was added.');
  const tiles = page.getByTestId('station-photo-tile');
  await expect(tiles).toHaveCount(2);

  // The second tile becomes the station image (the image is listed first).
  await page.getByRole('button', { name: 'Options for photo 2' }).click();
  await page.getByRole('menuitem', { name: 'Set as station image' }).click();
  await expect(snackbar(page)).toContainText('The station image was changed.');
  await expect(tiles.first().getByText('Station image')).toBeVisible();

  // Gallery: opened from a photo, moved through with the keyboard, closed with Escape.
  await page.getByRole('button', { name: 'Open photo 1 of 2' }).click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 2' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Photo 1 of Photo station' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog', { name: 'Photo 2 of 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Next photo' }).click();
  await expect(page.getByRole('dialog', { name: 'Photo 1 of 2' })).toBeVisible();
  expect(await blockingViolations(page, 'photo viewer')).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Open photo 1 of 2' })).toBeFocused();
  await keepScreenshot(page, testInfo, 'station-photos-desktop-en');
  // Not while the snackbar fades out: axe reads its text against a half-transparent background as poor contrast.
  await expect(snackbar(page)).toBeHidden();
  expect(await blockingViolations(page, 'photos page')).toEqual([]);

  // Delete asks first; cancelling keeps the photo.
  await page.getByRole('button', { name: 'Options for photo 2' }).click();
  await page.getByRole('menuitem', { name: 'Delete photo' }).click();
  await page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(tiles).toHaveCount(2);
  await page.getByRole('button', { name: 'Options for photo 2' }).click();
  await page.getByRole('menuitem', { name: 'Delete photo' }).click();
  await page.getByRole('dialog', { name: 'Delete this photo?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page)).toContainText('The photo was deleted.');
  await expect(tiles).toHaveCount(1);

  // The station page shows the remaining photo and links here.
  await page.goto(`/station/${stationId}`);
  // The first request of a photo at a new size waits for the server to resize it: give a busy machine time.
  await expect(page.getByRole('img', { name: 'Photo 1 of Photo station' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'View all photos' }).click();
  await expect(page).toHaveURL(new RegExp(`/station/${stationId}/photos$`));
});

test('a visitor sees a demo station photos in Spanish on a phone, without the controls', async ({ page, request }, testInfo) => {
  const { station, projectId } = await seededStation(request, 'Hudson at Kingston');
  await page.setViewportSize(PHONE);
  await prepare(page, { locale: 'es-ES' });
  await page.goto(`/dashboard/projects/${projectId}/station/${station.id}/photos`);
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos de Hudson at Kingston' })).toBeVisible();
  await expect(page.getByText('Imagen de la estación')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Añadir fotos' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Opciones de la foto/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Abrir la foto 1 de 1' }).click();
  await expect(page.getByRole('dialog', { name: 'Foto 1 de 1' })).toBeVisible();
  await page.getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('link', { name: 'Volver a la estación' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${projectId}/station/${station.id}$`));
  await page.goBack();
  await keepScreenshot(page, testInfo, 'station-photos-phone-es');
  expect(await blockingViolations(page, 'photos page (es, phone)')).toEqual([]);
});

test('flood mode photos page keeps the product label', async ({ page, request }) => {
  const { station } = await seededStation(request, 'Hudson at Kingston');
  await prepare(page);
  await page.goto(`http://floodnet.localhost:${process.env['GT_PW_PORT'] ?? 3210}/station/${station.id}/photos`);
  await expect(page).toHaveTitle('Photos of Hudson at Kingston - FloodNet Groundtruth');
});
