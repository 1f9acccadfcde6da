import { expect, test, type APIRequestContext } from '@playwright/test';
import { field, tinyPng } from './accounts';
import { createProject, readProject, scrollTop } from './projects';
import { DESKTOP, PHONE, auth, blockingViolations, keepScreenshot, makeOwner, prepare, snackbar, type Owner } from './stations';

/** The project form and the project update form (spec §2, §5), both languages, desktop and phone. */

test('adds a project with every field, each rule checked on the way (en-US, desktop)', async ({ page, request }, testInfo) => {
  const owner = await makeOwner(request, 'project-add');
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto('/dashboard');
  await page.getByRole('main').getByRole('link', { name: 'Add project' }).click();
  await expect(page).toHaveURL(/\/dashboard\/project\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add project' })).toBeVisible();
  await expect(page).toHaveTitle('Add project - Groundtruth');
  expect(await blockingViolations(page, 'project form, empty')).toEqual([]);

  // An empty save: the page goes back to the top, where a summary names what to correct.
  const save = page.getByRole('button', { name: 'Add project' });
  await save.click();
  await expect.poll(() => scrollTop(page)).toBe(0);
  const summary = page.getByRole('alert').filter({ hasText: 'Please correct the fields marked below.' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link')).toHaveText(['Project name', 'Short description', 'Project goal', 'Location']);
  await expect(page.getByText('This field is required.')).toHaveCount(4);

  // 100 characters at most (spec §5).
  await field(page, 'Project name').fill('x'.repeat(101));
  await expect(page.getByText('This field has a limit of 100 characters')).toBeVisible();
  await field(page, 'Project name').fill('Creek Watch');
  await field(page, 'Short description').fill('Water quality along the creek');
  await field(page, 'Project goal').fill('Know the creek by its numbers');
  await field(page, 'Location').fill('Brooklyn, New York');

  // Enter separates tags and does not save the form.
  const tagInput = field(page, 'New tag');
  await tagInput.fill('water');
  await tagInput.press('Enter');
  await tagInput.fill('creek');
  await tagInput.press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/project\/add$/);
  await expect(page.getByRole('button', { name: 'Remove tag water' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove tag creek' }).click();
  await tagInput.fill('creek');
  await tagInput.press('Enter');

  // Private, general locations, stations hidden on the map.
  await page.getByRole('checkbox', { name: 'Make this project public' }).uncheck();
  await page.getByRole('radio', { name: 'Show a general location only (about 1 km)' }).check();
  await page.getByRole('radio', { name: 'Hide the stations on the map' }).check();

  // The map view is set by moving the map (here with its zoom button).
  const map = page.getByRole('region', { name: 'Map view' });
  await expect(map).toHaveAttribute('data-map-ready', 'true', { timeout: 30_000 });
  await expect(page.getByText("No area set: the project's map fits its stations.")).toBeVisible();
  await map.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.getByText("The project's map shows this area.")).toBeVisible();

  // Dates are M/D/YYYY; the end cannot come before the start.
  await field(page, 'Start date').fill('3/10/2025');
  await field(page, 'End date').fill('3/1/2025');
  await save.click();
  await expect.poll(() => scrollTop(page)).toBe(0);
  await expect(summary.getByRole('link')).toHaveText(['End date']);
  await expect(page.getByText('The end date cannot be before the start date.')).toBeVisible();
  await field(page, 'End date').fill('12/31/2025');

  await page.locator('input[type="file"]').setInputFiles({ name: 'creek.png', mimeType: 'image/png', buffer: tinyPng() });
  await expect(page.getByText('creek.png will be saved with the project.')).toBeVisible();
  await keepScreenshot(page, testInfo, 'project-form-add-en-desktop');

  await save.click();
  await expect(page).toHaveURL(/\/dashboard\/projects\/\d+$/);
  await expect(snackbar(page)).toContainText('The project was added.');
  await expect(page.getByRole('heading', { level: 1, name: 'Creek Watch' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Private project' })).toBeVisible();

  const id = Number(/projects\/(\d+)$/.exec(page.url())![1]);
  const saved = await readProject(request, owner, id);
  expect(saved).toMatchObject({
    name: 'Creek Watch',
    description: 'Water quality along the creek',
    goal: 'Know the creek by its numbers',
    location: 'Brooklyn, New York',
    tags: ['water', 'creek'],
    privacy: 0,
    showExactLocation: false,
    showStations: false,
    startTime: '2025-03-10T00:00:00.000Z',
    endTime: '2025-12-31T00:00:00.000Z',
  });
  expect(saved['bounds']).not.toBeNull();
  expect(saved['photo']).not.toBeNull();
  // The saved photo is shown (fetched with the token: the project is private).
  await expect(page.getByRole('img', { name: 'Photo of Creek Watch' })).toHaveAttribute('src', /^data:image\//);
});

test('edits a project: leaving unsaved asks first, deleting asks first (es-ES, phone)', async ({ page, request }, testInfo) => {
  const owner = await makeOwner(request, 'project-edit');
  const id = await createProject(request, owner, { name: 'Marsh Survey' });
  await page.setViewportSize(PHONE);
  await prepare(page, { locale: 'es-ES', owner });

  // A project that cannot be loaded sends the user to the projects list (spec §8).
  await page.goto('/dashboard/projects/999999/edit');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(snackbar(page)).toContainText('No se pudo cargar el proyecto para editarlo.');

  await page.goto(`/dashboard/projects/${id}`);
  await page.getByRole('link', { name: 'Editar el proyecto' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Editar proyecto' })).toBeVisible();
  await expect(field(page, 'Nombre del proyecto')).toHaveValue('Marsh Survey');
  expect(await blockingViolations(page, 'project form, editing')).toEqual([]);
  await keepScreenshot(page, testInfo, 'project-form-edit-es-phone');

  // Unsaved changes: leaving asks; staying keeps the change, leaving drops it.
  await field(page, 'Nombre del proyecto').fill('Marsh Survey 2');
  await page.getByRole('link', { name: 'Volver al panel del proyecto' }).click();
  const leave = page.getByRole('alertdialog', { name: '¿Salir sin guardar?' });
  await expect(leave).toBeVisible();
  await leave.getByRole('button', { name: 'Quedarse' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}/edit$`));
  await expect(field(page, 'Nombre del proyecto')).toHaveValue('Marsh Survey 2');
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await leave.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Marsh Survey' })).toBeVisible();

  // Saving goes back to the project without asking.
  await page.getByRole('link', { name: 'Editar el proyecto' }).click();
  await field(page, 'Nombre del proyecto').fill('Salt Marsh Survey');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(snackbar(page)).toContainText('Se guardó el proyecto.');
  await expect(page.getByRole('heading', { level: 1, name: 'Salt Marsh Survey' })).toBeVisible();

  // Deleting asks first.
  await page.getByRole('link', { name: 'Editar el proyecto' }).click();
  await page.getByRole('button', { name: 'Eliminar el proyecto' }).click();
  const confirm = page.getByRole('alertdialog', { name: '¿Eliminar este proyecto?' });
  await expect(confirm).toContainText('Salt Marsh Survey');
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Eliminar el proyecto' }).click();
  await confirm.getByRole('button', { name: 'Eliminar' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(snackbar(page)).toContainText('Se eliminó el proyecto.');
  expect((await request.get(`/api/projects/${id}`, { headers: auth(owner) })).status()).toBe(404);
});

/** Someone else saves the project through the API, on the version they read, as another browser would. */
const saveMeanwhile = async (request: APIRequestContext, owner: Owner, id: number, goal: string) => {
  const { version } = await readProject(request, owner, id);
  const res = await request.patch(`/api/projects/${id}`, { headers: auth(owner), data: { goal, version } });
  expect(res.status(), await res.text()).toBe(200);
};

test('says the changes are not saved when someone else saved meanwhile, and lets one choose (en-US, desktop; es-ES)', async ({
  page,
  request,
}) => {
  const owner = await makeOwner(request, 'project-conflict');
  const id = await createProject(request, owner, { name: 'Shared Reef', goal: 'First goal' });
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });
  await page.goto(`/dashboard/projects/${id}/edit`);
  await expect(field(page, 'Project goal')).toHaveValue('First goal');

  // Another editor saves while this form is open: this save is refused, nothing is overwritten.
  await field(page, 'Project goal').fill('My goal');
  await saveMeanwhile(request, owner, id, 'Their goal');
  await page.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByRole('alert').filter({ hasText: 'Your changes are not saved' });
  await expect(conflict).toContainText('Your changes are not saved: someone else saved a newer version in the meantime.');
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}/edit$`));
  await expect(field(page, 'Project goal')).toHaveValue('My goal');
  expect((await readProject(request, owner, id))['goal']).toBe('Their goal');

  // Their version replaces the form.
  await conflict.getByRole('button', { name: 'Show their version' }).click();
  await expect(conflict).toBeHidden();
  await expect(field(page, 'Project goal')).toHaveValue('Their goal');

  // Again, now keeping one's own: the next save knowingly replaces theirs.
  await field(page, 'Project goal').fill('My goal');
  await saveMeanwhile(request, owner, id, 'Their second goal');
  await page.getByRole('button', { name: 'Save' }).click();
  await conflict.getByRole('button', { name: 'Keep my changes' }).click();
  await expect(field(page, 'Project goal')).toHaveValue('My goal');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toContainText('The project was saved.');
  expect((await readProject(request, owner, id))['goal']).toBe('My goal');

  // The same in Spanish.
  await prepare(page, { locale: 'es-ES', owner });
  await page.goto(`/dashboard/projects/${id}/edit`);
  await field(page, 'Objetivo del proyecto').fill('Mi objetivo');
  await saveMeanwhile(request, owner, id, 'Su objetivo');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Sus cambios no se han guardado' })).toContainText(
    'Sus cambios no se han guardado: otra persona guardó una versión más reciente mientras tanto.',
  );
  await expect(page.getByRole('button', { name: 'Ver su versión' })).toBeVisible();
});

test('posts, edits and deletes a project update (en-US, desktop; the form in es-ES on a phone)', async ({
  page,
  request,
}, testInfo) => {
  const owner = await makeOwner(request, 'project-update');
  const id = await createProject(request, owner, { name: 'Update Journal' });
  await page.setViewportSize(DESKTOP);
  await prepare(page, { owner });

  // Visitors are asked to log in first, and come back.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(`/dashboard/project-update/add?project=${id}`);
  await expect(visitor).toHaveURL(/\/login\?after=%2Fdashboard%2Fproject-update%2Fadd%3Fproject%3D\d+/);
  await visitor.close();

  await page.goto(`/dashboard/projects/${id}`);
  await page.getByRole('link', { name: 'Post an update' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Post a project update' })).toBeVisible();
  await expect(page.getByText('For Update Journal')).toBeVisible();
  await page.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByText('Please write something first.')).toBeVisible();
  await field(page, 'Update').fill('The first sensors are in the water.');
  await page.getByRole('button', { name: 'Post update' }).click();

  // It lands on the activity panel, which shows the update.
  await expect(page).toHaveURL(new RegExp(`/dashboard/projects/${id}/activity$`));
  const panel = page.getByRole('dialog', { name: 'Activity' });
  await expect(panel).toContainText(`${owner.name} posted an update`);
  await expect(panel).toContainText('The first sensors are in the water.');

  await panel.getByRole('link', { name: 'Edit this update' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit project update' })).toBeVisible();
  await expect(field(page, 'Update')).toHaveValue('The first sensors are in the water.');
  await field(page, 'Update').fill('All the sensors are in the water.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(snackbar(page)).toContainText('The update was saved.');
  await expect(panel).toContainText('All the sensors are in the water.');

  await panel.getByRole('link', { name: 'Edit this update' }).click();
  await page.getByRole('button', { name: 'Delete update' }).click();
  await page.getByRole('alertdialog', { name: 'Delete this update?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(snackbar(page)).toContainText('The update was deleted.');
  await expect(panel).toContainText('There is no activity in this project yet.');

  // An update that cannot be loaded sends the user to the projects list.
  await page.goto(`/dashboard/project-updates/999999/edit?project=${id}`);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(snackbar(page)).toContainText('The update could not be loaded.');

  // The form in Spanish on a phone.
  await page.setViewportSize(PHONE);
  await page.evaluate(() => window.localStorage.setItem('locale', 'es-ES'));
  await prepare(page, { locale: 'es-ES', owner });
  await page.goto(`/dashboard/project-update/add?project=${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Publicar una novedad del proyecto' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'project-update-form-es-phone');
  expect(await blockingViolations(page, 'project update form')).toEqual([]);
});
